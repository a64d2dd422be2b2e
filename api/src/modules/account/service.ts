import { QueueEvents } from 'bullmq';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PaymentKind } from '@app/common/domain/payments';
import { ownerOf, paymentReceiptKey, receiptFileName, receiptJobId, statementKey, type PayerRef } from '@app/common/domain/receipts';
import type { JobPayload } from '@app/common/jobs';
import { findPayerPayment, statementOf } from '@app/common/server/account.repository';
import { enqueue } from '@app/common/server/queues';
import { bullPrefix, createBullConnection } from '@app/common/server/redis';
import { httpError } from '../../http-error';

/** How long a download waits for the worker to render a receipt that is not stored yet. */
const RENDER_WAIT_MS = 15_000;

/**
 * PDF receipts and statements for a payer: served from storage, rendered first by the worker (receipt.render on the
 * render queue) when not stored yet, and stored, so a receipt is drawn once per state, never per request.
 */
export class ReceiptFiles {
  private events: QueueEvents | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly redis: { url: string; prefix: string },
  ) {
    app.addHook('onClose', async () => {
      const e = this.events;
      if (!e) return;
      const connection = await e.client;
      await e.close();
      connection.disconnect();
    });
  }

  /** One payment's receipt, if it is the payer's (404 otherwise: another payer's payment is no payment of theirs). */
  async payment(reply: FastifyReply, who: PayerRef, kind: PaymentKind, id: string): Promise<FastifyReply> {
    const p = await findPayerPayment(this.app.db, who, kind, id);
    if (!p) throw httpError(404, 'No such payment');
    const key = paymentReceiptKey(kind, id, p.status);
    await this.ensure(key, { type: 'payment', paymentKind: kind, paymentId: id, status: p.status });
    return this.send(reply, key, receiptFileName(p.receipt_code));
  }

  /** The payer's statement of `year` (404 when they paid nothing that year). */
  async statement(reply: FastifyReply, who: PayerRef, year: number): Promise<FastifyReply> {
    const { payments, version } = await statementOf(this.app.db, who, year);
    if (!payments.length) throw httpError(404, `No payments in ${year}`);
    const owner = ownerOf(who);
    const key = statementKey(owner, year, version);
    await this.ensure(key, { type: 'statement', owner, year, version });
    return this.send(reply, key, `statement-${year}.pdf`);
  }

  private async ensure(key: string, payload: JobPayload<'receipt.render'>): Promise<void> {
    if (await this.app.storage.exists(key)) return;
    try {
      const jobId = await enqueue(this.app.queues, 'receipt.render', payload, { jobId: receiptJobId(key) });
      const job = await this.app.queues.render.getJob(jobId);
      // A kept failed job with this id would swallow the new request: run it again instead.
      if (job && (await job.getState()) === 'failed') await job.retry();
      this.events ??= new QueueEvents('render', { connection: createBullConnection(this.redis.url), prefix: bullPrefix(this.redis.prefix) });
      await job?.waitUntilFinished(this.events, RENDER_WAIT_MS);
    } catch (err) {
      this.app.log.warn({ err: (err as Error).message, key }, 'receipt not rendered within the wait');
    }
    if (!(await this.app.storage.exists(key))) throw httpError(503, 'Your receipt is being prepared. Please try again in a minute.');
  }

  private async send(reply: FastifyReply, key: string, fileName: string): Promise<FastifyReply> {
    const pdf = await this.app.storage.get(key);
    if (!pdf) throw httpError(503, 'Your receipt is being prepared. Please try again in a minute.');
    return reply.header('cache-control', 'private, no-cache').header('content-disposition', `attachment; filename="${fileName}"`).type('application/pdf').send(pdf);
  }
}
