import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ZAddPurchase } from '@app/common/schemas/admin';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { adminApi } from '@app/common/api/admin';
import { ApiError, call } from '../../lib/api';

const EMPTY = { investor_id: '', purchase_date: '', investment_amount_usd: '', tokens_to_be_distributed: '' };

/** The token admin's add form (spec §2 "Token admin"): the four fields, validated with the API's schema. */
export function PurchaseForm({ onAdded }: { onAdded: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof EMPTY) => (e: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (Object.values(form).some((v) => v.trim() === '')) {
      toast({ title: 'Error', description: 'Please fill in all required fields', variant: 'destructive' });
      return;
    }
    const parsed = ZAddPurchase.safeParse(form);
    if (!parsed.success) {
      toast({ title: 'Error', description: parsed.error.issues[0]?.message ?? 'Please fill in all required fields', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await call(adminApi.addPurchase, { body: form });
      toast({ title: 'Success', description: 'Purchase record added successfully', variant: 'success' });
      setForm(EMPTY);
      onAdded();
    } catch (err) {
      console.error('Failed to add purchase record', err);
      const title = err instanceof ApiError && err.statusCode === 403 ? 'Unauthorized' : 'Error';
      const description = err instanceof ApiError && err.statusCode < 500 ? err.message : 'Failed to add purchase record';
      toast({ title, description, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Add purchase">
      <Field label="Investor ID" required>
        <Input value={form.investor_id} onChange={set('investor_id')} placeholder="ADX0001" autoCapitalize="characters" />
      </Field>
      <Field label="Purchase Date" required>
        <Input type="date" value={form.purchase_date} onChange={set('purchase_date')} />
      </Field>
      <Field label="Investment Amount (USD)" required>
        <Input type="number" inputMode="decimal" min="0" step="0.01" value={form.investment_amount_usd} onChange={set('investment_amount_usd')} placeholder="1000.00" />
      </Field>
      <Field label="ADX Tokens to Distribute" required>
        <Input type="number" inputMode="decimal" min="0" step="0.00000001" value={form.tokens_to_be_distributed} onChange={set('tokens_to_be_distributed')} placeholder="10000" />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary" loading={busy}>
          {busy ? 'Adding...' : 'Add Purchase Record'}
        </Button>
      </div>
    </form>
  );
}
