import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';

/** "Notify me when enrolment opens": stores the address; one mail when the next cohort opens. */
export function NotifyForm() {
  const id = useId();
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'done' | 'error'; message: string }>({ kind: 'idle' });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '');
    setState({ kind: 'sending' });
    try {
      // The typed client and the contract load on first use: the pages that show the form stay light.
      const [{ call }, { programApi }] = await Promise.all([import('../../lib/api'), import('@app/common/api/program')]);
      const { message } = await call(programApi.notify, { body: { email } });
      setState({ kind: 'done', message });
    } catch (err) {
      setState({ kind: 'error', message: (err as Error).message });
    }
  }

  if (state.kind === 'done') return <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">{state.message}</p>;
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-2" noValidate data-testid="notify-form">
      <label htmlFor={id} className="text-sm font-semibold text-ink-900">
        Your e-mail address
      </label>
      <Input id={id} name="email" type="email" autoComplete="email" required aria-invalid={state.kind === 'error' || undefined} aria-describedby={state.kind === 'error' ? `${id}-error` : undefined} />
      {state.kind === 'error' ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {state.message}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" loading={state.kind === 'sending'}>
        Notify me when enrolment opens
      </Button>
    </form>
  );
}
