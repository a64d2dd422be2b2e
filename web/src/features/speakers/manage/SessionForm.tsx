import { useState, type FormEvent } from 'react';
import { toLocalDateTimeInput } from '@app/common/domain/session-status';
import { type TSpeakerSession } from '@app/common/schemas/sessions';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { sessionsApi } from '@app/common/api/sessions';
import { call } from '../../../lib/api';
import { SpeakerPicker } from './SpeakerPicker';

const EMPTY = { session_title: '', session_description: '', scheduled_date: '', discord_channel_link: '', speaker_id: '' };

function fromSession(s: TSpeakerSession) {
  return {
    session_title: s.session_title,
    session_description: s.session_description ?? '',
    scheduled_date: toLocalDateTimeInput(s.scheduled_date),
    discord_channel_link: s.discord_channel_link ?? '',
    speaker_id: s.speaker_id ?? '',
  };
}

/** The session form (create or edit): title, scheduled date and speaker required; the save button stays disabled without them. */
export function SessionForm({ initial, onSaved, onCancel }: { initial?: TSpeakerSession; onSaved: (created?: { sessionId: string; token: string }) => void; onCancel: () => void }) {
  const [form, setForm] = useState(initial ? fromSession(initial) : EMPTY);
  const [speakerName, setSpeakerName] = useState(initial?.speaker_name ?? null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const body = { ...form, scheduled_date: new Date(form.scheduled_date).toISOString() };
    try {
      if (initial) {
        await call(sessionsApi.update, { params: { id: initial.id }, body });
        toast({ title: 'Session Updated', variant: 'success' });
        onSaved();
      } else {
        const created = await call(sessionsApi.create, { body });
        onSaved({ sessionId: created.session.id, token: created.token });
      }
    } catch (err) {
      console.error(initial ? 'Failed to update session' : 'Failed to create session', err);
      toast({ title: 'Error', description: initial ? 'Failed to update session' : 'Failed to create session', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={initial ? 'Edit session' : 'New session'}>
      <Field label="Title" required>
        <Input value={form.session_title} onChange={set('session_title')} maxLength={200} />
      </Field>
      <Field label="Scheduled date" required>
        <Input type="datetime-local" value={form.scheduled_date} onChange={set('scheduled_date')} />
      </Field>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-ink-900">
          Speaker <span aria-hidden="true" className="text-red-700">*</span>
        </legend>
        <SpeakerPicker
          value={form.speaker_id}
          currentName={speakerName}
          onChange={(id, name) => {
            setForm({ ...form, speaker_id: id });
            setSpeakerName(name);
          }}
        />
        <p className="text-xs text-slate-600">The member credited in the studio and the archive.</p>
      </fieldset>
      <Field label="Description">
        <Textarea value={form.session_description} onChange={set('session_description')} rows={3} />
      </Field>
      <Field label="Discord channel link">
        <Input type="url" value={form.discord_channel_link} onChange={set('discord_channel_link')} placeholder="https://discord.gg/..." />
      </Field>
      <div className="flex gap-3">
        <Button type="submit" variant="secondary" loading={busy} disabled={!form.session_title.trim() || !form.scheduled_date || !form.speaker_id}>
          {initial ? 'Save Changes' : 'Create Session'}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
