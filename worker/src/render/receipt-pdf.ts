import path from 'node:path';
import type PDFKitDocument from 'pdfkit';
import { centsToDollars, type PaymentKind } from '@app/common/domain/payments';
import type { TAccountPayment } from '@app/common/schemas/account';
import { repoRoot } from '@app/common/server/repo-root';

/**
 * PDF receipts (pdfkit) in the bundled Inter faces (worker/assets/fonts, SIL OFL), so a receipt looks the same on
 * every machine and needs none of pdfkit's own font files. Text stays text: a reader can search and copy it.
 */
const FONT_DIR = path.join(repoRoot, 'worker/assets/fonts');
const REGULAR = path.join(FONT_DIR, 'inter-latin-400-normal.woff');
const BOLD = path.join(FONT_DIR, 'inter-latin-600-normal.woff');

/** The organisation a receipt is from (site settings; the product name when no legal name is set). */
export interface ReceiptIssuer {
  name: string;
  address: string | null;
  taxNote: string | null;
  publicUrl: string;
}

const KIND_LABELS: Record<PaymentKind, string> = { donation: 'Donation', program: 'Program enrolment', sponsorship: 'Student sponsorship', investment: 'ADX token purchase' };
const STATUS_LABELS: Record<TAccountPayment['status'], string> = { pending: 'Pending', paid: 'Paid', refunded: 'Refunded', partially_refunded: 'Partially refunded', disputed: 'Disputed' };

const usd = (cents: number) => `$${Number(centsToDollars(cents)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const tokens = (t: string) => `${Number(t).toLocaleString('en-US', { maximumFractionDigits: 8 })} ADX`;

function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** pdfkit (~30 MB resident when imported alone) loads at the first receipt, not with every worker. */
let pdfkitLoading: Promise<typeof PDFKitDocument> | undefined;
const loadPdfkit = () => (pdfkitLoading ??= import('pdfkit').then((m) => m.default));

async function newDoc(title: string): Promise<PDFKit.PDFDocument> {
  const PDFDocument = await loadPdfkit();
  // Fixed dates: the same facts make the same bytes (a re-render changes nothing a reader could compare).
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, font: REGULAR, info: { Title: title, CreationDate: new Date(0), ModDate: new Date(0) } });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  return doc;
}

function header(doc: PDFKit.PDFDocument, issuer: ReceiptIssuer, title: string): void {
  doc.font('bold').fontSize(18).text(issuer.name);
  doc.font('regular').fontSize(10).fillColor('#444444');
  if (issuer.address) doc.text(issuer.address);
  doc.text(issuer.publicUrl);
  doc.moveDown(1.5).fillColor('#000000').font('bold').fontSize(16).text(title).moveDown(0.8);
}

function fact(doc: PDFKit.PDFDocument, label: string, value: string): void {
  const y = doc.y;
  doc.font('regular').fontSize(11).fillColor('#444444').text(label, 56, y, { width: 170 });
  doc.font('bold').fillColor('#000000').text(value, 230, y, { width: 326 });
  doc.moveDown(0.4);
}

function footer(doc: PDFKit.PDFDocument, issuer: ReceiptIssuer): void {
  doc.moveDown(1.5).font('regular').fontSize(10).fillColor('#000000');
  if (issuer.taxNote) doc.text(issuer.taxNote, 56).moveDown(0.5);
  doc.fillColor('#444444').text('Keep this receipt for your records. The receipt code is also on your bank statement line.', 56);
}

/** One payment's receipt. */
export async function renderPaymentReceipt(issuer: ReceiptIssuer, p: TAccountPayment): Promise<Buffer> {
  const doc = await newDoc(`Receipt ${p.receipt_code}`);
  header(doc, issuer, 'Receipt');
  fact(doc, 'Receipt code', p.receipt_code);
  fact(doc, 'Date', day(p.date));
  fact(doc, 'Kind', KIND_LABELS[p.kind]);
  fact(doc, 'Amount', usd(p.amount_cents));
  fact(doc, 'Status', STATUS_LABELS[p.status]);
  if (p.refunded_cents > 0) fact(doc, 'Refunded', usd(p.refunded_cents));
  if (p.tokens) {
    fact(doc, 'ADX tokens', tokens(p.tokens));
    if (p.tokens_per_dollar) fact(doc, 'Rate', `${Number(p.tokens_per_dollar).toLocaleString('en-US')} ADX per $1`);
    if (p.investor_id) fact(doc, 'Investor ID', p.investor_id);
  }
  footer(doc, issuer);
  return toBuffer(doc);
}

/** A payer's yearly statement: every payment received in the year, what was refunded, and the totals. */
export async function renderStatement(issuer: ReceiptIssuer, year: number, payments: TAccountPayment[]): Promise<Buffer> {
  const doc = await newDoc(`Statement ${year}`);
  header(doc, issuer, `Statement of payments, ${year}`);
  const cols = [56, 146, 236, 376, 466];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let bottom = y;
    doc.font(bold ? 'bold' : 'regular').fontSize(10);
    cells.forEach((c, i) => {
      doc.text(c, cols[i]!, y, { width: (cols[i + 1] ?? 556) - cols[i]! - 6 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = 56;
    doc.y = bottom + 4;
  };
  const short = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  row(['Date', 'Receipt code', 'Kind', 'Amount', 'Refunded'], true);
  for (const p of payments) row([short(p.date), p.receipt_code, KIND_LABELS[p.kind], usd(p.amount_cents), p.refunded_cents ? usd(p.refunded_cents) : '—']);
  const paid = payments.reduce((s, p) => s + p.amount_cents, 0);
  const refunded = payments.reduce((s, p) => s + p.refunded_cents, 0);
  doc.moveDown(0.8);
  fact(doc, 'Total paid', usd(paid));
  fact(doc, 'Total refunded', usd(refunded));
  fact(doc, 'Net', usd(paid - refunded));
  footer(doc, issuer);
  return toBuffer(doc);
}
