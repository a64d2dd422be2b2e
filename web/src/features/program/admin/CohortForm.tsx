import { useState, type FormEvent } from 'react';
import { programApi } from '@app/common/api/program';
import { ZCohortInput, type TCohortAdmin, type TCohortInput } from '@app/common/schemas/program';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError, call } from '../../../lib/api';

type Values = Record<'number' | 'city' | 'format' | 'startsOn' | 'sessionTime' | 'timeZone' | 'weeks' | 'seats' | 'price' | 'opens' | 'closes', string>;

/** An instant as a datetime-local value in the browser's zone (what the admin sees and types). */
const local = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const EMPTY: Values = { number: '', city: '', format: 'Hybrid: online plus in person; virtual cohort on our Discord community', startsOn: '', sessionTime: '10:00', timeZone: 'America/New_York', weeks: '12', seats: '25', price: '2497', opens: '', closes: '' };

function valuesOf(c: TCohortAdmin): Values {
  return { number: String(c.number), city: c.city, format: c.format, startsOn: c.startsOn, sessionTime: c.sessionTime, timeZone: c.timeZone, weeks: String(c.weeks), seats: String(c.seats), price: String(c.priceCents / 100), opens: local(c.enrolmentOpensAt), closes: local(c.enrolmentClosesAt) };
}

function inputOf(v: Values): unknown {
  const instant = (s: string) => (s ? new Date(s).toISOString() : '');
  return { number: Number(v.number), city: v.city, format: v.format, startsOn: v.startsOn, sessionTime: v.sessionTime, timeZone: v.timeZone.trim(), weeks: Number(v.weeks), seats: Number(v.seats), priceCents: Math.round(Number(v.price) * 100), enrolmentOpensAt: instant(v.opens), enrolmentClosesAt: instant(v.closes) };
}

const FIELD_OF: Record<keyof TCohortInput, keyof Values> = { number: 'number', city: 'city', format: 'format', startsOn: 'startsOn', sessionTime: 'sessionTime', timeZone: 'timeZone', weeks: 'weeks', seats: 'seats', priceCents: 'price', enrolmentOpensAt: 'opens', enrolmentClosesAt: 'closes' };

/** Create a cohort, or change `editing`: validated with the API's schema; the server audits it and mails "notify me" when it opens. */
export function CohortForm({ editing, onSaved, onCancel }: { editing: TCohortAdmin | null; onSaved: () => void; onCancel: () => void }) {
  const [values, setValues] = useState<Values>(editing ? valuesOf(editing) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [busy, setBusy] = useState(false);
  const bind = (k: keyof Values) => ({ value: values[k], onChange: (e: { target: { value: string } }) => setValues({ ...values, [k]: e.target.value }), 'aria-invalid': errors[k] ? true : undefined });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZCohortInput.safeParse(inputOf(values));
    if (!parsed.success) {
      const next: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) next[FIELD_OF[issue.path[0] as keyof TCohortInput] ?? 'number'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (editing) await call(programApi.updateCohort, { params: { id: editing.id }, body: parsed.data });
      else await call(programApi.createCohort, { body: parsed.data });
      toast({ title: editing ? 'Cohort saved' : 'Cohort created', description: `Cohort ${parsed.data.number}`, variant: 'success' });
      onSaved();
    } catch (err) {
      toast({ title: 'Could not save the cohort', description: err instanceof ApiError && err.statusCode < 500 ? err.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={editing ? `Edit cohort ${editing.number}` : 'New cohort'} className="grid gap-4 sm:grid-cols-2">
      <Field label="Number" required error={errors.number}>
        <Input inputMode="numeric" {...bind('number')} />
      </Field>
      <Field label="City" required error={errors.city}>
        <Input {...bind('city')} />
      </Field>
      <Field label="Format" required error={errors.format} className="sm:col-span-2">
        <Input {...bind('format')} />
      </Field>
      <Field label="Start date" required error={errors.startsOn}>
        <Input type="date" {...bind('startsOn')} />
      </Field>
      <Field label="Weekly session time" required error={errors.sessionTime} hint="24-hour, in the cohort's time zone">
        <Input type="time" {...bind('sessionTime')} />
      </Field>
      <Field label="Time zone" required error={errors.timeZone} hint="IANA name, e.g. America/New_York">
        <Input {...bind('timeZone')} />
      </Field>
      <Field label="Weeks" required error={errors.weeks}>
        <Input inputMode="numeric" {...bind('weeks')} />
      </Field>
      <Field label="Seats" required error={errors.seats}>
        <Input inputMode="numeric" {...bind('seats')} />
      </Field>
      <Field label="Price (USD)" required error={errors.price}>
        <Input inputMode="decimal" {...bind('price')} />
      </Field>
      <Field label="Enrolment opens" required error={errors.opens} hint="Your local time">
        <Input type="datetime-local" {...bind('opens')} />
      </Field>
      <Field label="Enrolment closes" required error={errors.closes} hint="Your local time">
        <Input type="datetime-local" {...bind('closes')} />
      </Field>
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" variant="secondary" loading={busy}>
          {editing ? 'Save cohort' : 'Create cohort'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
