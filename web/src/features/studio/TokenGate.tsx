import { useState, type FormEvent } from 'react';
import type { TSpeakerAuthResult } from '@app/common/schemas/sessions';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { authenticateSpeaker } from './api';

/**
 * The studio's token gate: the session token from the team; Authenticate stays disabled while it is blank, Enter
 * submits. A refusal shows 'Authentication Failed' with the server's message (or 'Invalid token').
 */
export function TokenGate({ onAuthenticated }: { onAuthenticated: (result: TSpeakerAuthResult) => void | Promise<void> }) {
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const blank = token.trim() === '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (blank || busy) return;
    setBusy(true);
    try {
      const result = await authenticateSpeaker(token.trim());
      if (!result.valid || !result.session) {
        console.error('Authentication Failed', result.message);
        toast({ title: 'Authentication Failed', description: result.message || 'Invalid token', variant: 'destructive' });
        return;
      }
      const name = result.speaker?.discord_username;
      toast({ title: 'Authentication Successful', description: name ? `Welcome, ${name}! Your studio is ready.` : 'Welcome! Your studio is ready.', variant: 'success' });
      await onAuthenticated(result);
    } catch (err) {
      console.error('Authentication Failed', err);
      const message = err instanceof ApiError && err.statusCode < 500 ? err.message : '';
      toast({ title: 'Authentication Failed', description: message || 'Invalid token', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="flex min-h-[70vh] items-center justify-center bg-paper px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <p className="text-xs font-semibold uppercase tracking-widest text-gold-700">DOG POUND · Live Studio</p>
          <h1 className="font-display text-2xl font-semibold leading-snug text-ink-900">Speaker Authentication</h1>
          <CardDescription>Enter the session token the team sent you to open your recording studio.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="grid gap-4" aria-label="Speaker authentication">
            <Field label="Session token" hint="It starts with adxs_ and works for one session only.">
              <Input value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" spellCheck={false} autoCapitalize="off" placeholder="adxs_…" className="font-mono" autoFocus />
            </Field>
            <Button type="submit" variant="secondary" size="lg" loading={busy} disabled={blank}>
              Authenticate
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
