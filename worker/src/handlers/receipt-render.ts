import { UnrecoverableError } from 'bullmq';
import { paymentReceiptKey, payerOf, statementKey } from '@app/common/domain/receipts';
import { paymentForReceipt, statementOf } from '@app/common/server/account.repository';
import { loadSiteSettings } from '@app/common/server/site/site.repository';
import type { Handler } from '../context';
import { renderPaymentReceipt, renderStatement, type ReceiptIssuer } from '../render/receipt-pdf';

/** Receipts are private: cached by the payer's browser only. */
const PRIVATE = 'private, max-age=3600';

/**
 * Renders a payment's receipt or a payer's yearly statement to PDF and stores it where the account routes serve it
 * from. The key names the state rendered (status; statement version), so a stored file is never stale.
 */
export const receiptRender: Handler<'receipt.render'> = async (p, { db, storage, mailer }) => {
  const settings = await loadSiteSettings(db);
  const issuer: ReceiptIssuer = {
    name: settings.organisationName ?? mailer.frame.productName,
    address: settings.organisationAddress ?? null,
    taxNote: settings.receiptTaxNote ?? null,
    publicUrl: mailer.frame.publicUrl,
  };
  if (p.type === 'payment') {
    const payment = await paymentForReceipt(db, p.paymentKind, p.paymentId);
    if (!payment) throw new UnrecoverableError(`no ${p.paymentKind} ${p.paymentId} with a payer`);
    const key = paymentReceiptKey(p.paymentKind, p.paymentId, p.status);
    const pdf = await renderPaymentReceipt(issuer, payment);
    await storage.put(key, pdf, { contentType: 'application/pdf', cacheControl: PRIVATE });
    return { key, bytes: pdf.length };
  }
  const statement = await statementOf(db, payerOf(p.owner), p.year);
  const key = statementKey(p.owner, p.year, p.version);
  const pdf = await renderStatement(issuer, p.year, statement.payments);
  await storage.put(key, pdf, { contentType: 'application/pdf', cacheControl: PRIVATE });
  return { key, bytes: pdf.length, payments: statement.payments.length };
};
