import { useState, type FormEvent } from 'react';
import { siteApi } from '@app/common/api/site';
import { dollarsToCents, type TokenSale } from '@app/common/domain/payments';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError, call } from '../../../lib/api';
import { useSiteData } from '../../site/site-data';

const dollars = (cents: number) => String(cents / 100);

/** The token sale: one price for the calculator, the portal, donations, the success pages and the mails. */
export function TokenSaleForm({ sale }: { sale: TokenSale }) {
  const site = useSiteData();
  const [form, setForm] = useState({ rate: sale.tokensPerDollar, min: dollars(sale.minCents), max: dollars(sale.maxCents), step: dollars(sale.stepCents), open: sale.open });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const cents = { minCents: dollarsToCents(form.min), maxCents: dollarsToCents(form.max), stepCents: dollarsToCents(form.step) };
    const bad = Object.entries(cents).filter(([, v]) => v === null);
    if (bad.length) {
      setErrors(Object.fromEntries(bad.map(([k]) => [k, 'Enter an amount in dollars, e.g. 100 or 99.50'])));
      return;
    }
    setBusy(true);
    try {
      const data = await call(siteApi.saveTokenSale, { body: { tokensPerDollar: form.rate.trim(), open: form.open, ...(cents as Record<string, number>) } as TokenSale });
      site.set(data);
      setErrors({});
      toast({ title: 'Token sale saved', description: 'Every page now uses the new price; payments already made keep theirs.', variant: 'success' });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      setErrors(Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k, v[0] ?? 'is not valid'])));
      toast({ title: 'Not saved', description: err instanceof ApiError && err.statusCode < 500 ? err.message : 'Could not save the token sale', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Token sale</CardTitle>
        <CardDescription>One price everywhere: the pitch-deck calculator, the investment portal and a donation's tokens. Each payment keeps the rate it was made at.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Token sale" className="grid gap-4 sm:grid-cols-2">
          <Field label="ADX tokens per dollar" required error={errors.tokensPerDollar}>
            <Input inputMode="decimal" value={form.rate} onChange={(e) => setForm({ ...form, rate: e.target.value })} />
          </Field>
          <Field label="Step of the amount field (USD)" required error={errors.stepCents}>
            <Input inputMode="decimal" value={form.step} onChange={(e) => setForm({ ...form, step: e.target.value })} />
          </Field>
          <Field label="Minimum investment (USD)" required error={errors.minCents}>
            <Input inputMode="decimal" value={form.min} onChange={(e) => setForm({ ...form, min: e.target.value })} />
          </Field>
          <Field label="Maximum investment (USD)" required error={errors.maxCents}>
            <Input inputMode="decimal" value={form.max} onChange={(e) => setForm({ ...form, max: e.target.value })} />
          </Field>
          <label className="flex items-center gap-3 text-sm text-slate-800 sm:col-span-2">
            <Checkbox checked={form.open} onCheckedChange={(v) => setForm({ ...form, open: v === true })} aria-label="The sale is open" />
            The sale is open (closed: no investment and no donation tokens are taken, and the pages say so)
          </label>
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary" loading={busy}>
              Save token sale
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
