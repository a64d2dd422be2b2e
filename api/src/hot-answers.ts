import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { LedgerCache } from '@app/common/server/ledger-cache';

/** Headers that belong to one response, never to a recorded answer. */
/** How many recorded answers are kept (the summary, the first pages and the deep pages read most recently). */
const MAX_ANSWERS = 64;

const PER_RESPONSE = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

interface Answer {
  generation: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * The public ledger's hot answers (the summary and the unsearched pages, issue 15) as whole HTTP responses,
 * served before Fastify's router for an anonymous GET of exactly the same URL.
 *
 * An answer is recorded from a response that the full Fastify pipeline produced (access, security headers, the
 * route, its serialisation) from the ledger cache, so it carries the same status, headers and body; only the
 * request id is new per response. It is served only while the ledger cache is listening and at the generation it
 * was recorded in: the change notice that drops the cache's entries makes every recorded answer unusable too, and
 * the next request goes through Fastify again (and records anew). Requests with a cookie always take the full
 * pipeline (a session may be refreshed there).
 */
export class HotAnswers {
  private readonly answers = new Map<string, Answer>();
  private cache: LedgerCache | null = null;
  /** Responses sent from here. */
  served = 0;

  constructor(private readonly requestId: (req: IncomingMessage) => string) {}

  /** Called once the ledger cache exists. */
  attach(cache: LedgerCache): void {
    this.cache = cache;
  }

  /** The generation a route reads the cache at; pass it back to record() once the response is complete. */
  generation(): number | null {
    return this.cache?.active ? this.cache.generation : null;
  }

  record(url: string, generation: number, statusCode: number, headers: OutgoingHttpHeaders, body: string | Buffer): void {
    const cache = this.cache;
    if (!cache?.active || cache.generation !== generation || statusCode !== 200 || headers['set-cookie'] !== undefined) return;
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) if (!PER_RESPONSE.has(name) && value !== undefined) kept[name] = value;
    // URLs are the caller's choice: keep the map small, dropping the oldest answer first.
    this.answers.delete(url);
    if (this.answers.size >= MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(url, { generation, headers: kept, body: Buffer.from(body) });
  }

  /**
   * Answers `req` from memory when it can; returns false to let Fastify handle it. Like LedgerCache.get it first
   * lets the event loop read the sockets once, so a change notice Postgres already sent is applied before answering.
   */
  tryServe(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
    if (req.method !== 'GET' || req.headers.cookie !== undefined || !this.answers.has(req.url ?? '')) return false;
    setImmediate(() => {
      const answer = this.answers.get(req.url ?? '');
      const cache = this.cache;
      if (!answer || !cache?.active || cache.generation !== answer.generation) {
        fallback();
        return;
      }
      this.served++;
      res.writeHead(200, { ...answer.headers, 'content-length': answer.body.length, 'x-request-id': this.requestId(req) });
      res.end(answer.body);
    });
    return true;
  }
}
