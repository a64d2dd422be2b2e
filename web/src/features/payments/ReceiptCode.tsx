/** The payment's receipt code: the same code is on the payer's bank line and on the provider's e-mailed receipt. */
export function ReceiptCode({ code }: { code: string }) {
  if (!code) return null;
  return (
    <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-left text-sm text-slate-700" data-testid="receipt">
      Receipt code <strong className="font-mono text-base tracking-wider text-ink-900" data-testid="receipt-code">{code}</strong>: it is on your bank statement
      and your payment receipt, so you can match them to this payment.
    </p>
  );
}
