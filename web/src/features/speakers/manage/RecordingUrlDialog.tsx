import { useState, type FormEvent } from 'react';
import { type TSpeakerSession } from '@app/common/schemas/sessions';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { sessionsApi } from '@app/common/api/sessions';
import { ApiError, call } from '../../../lib/api';

/**
 * The spec's update_recording_url: set (or clear) a session's recording by hand, for a take made outside the
 * studio. Its archive entry follows on the server.
 */
export function RecordingUrlDialog({ session, onClose, onSaved }: { session: TSpeakerSession; onClose: () => void; onSaved: () => void }) {
  const [url, setUrl] = useState(session.recording_url ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(value: string | null) {
    setBusy(true);
    setError(null);
    try {
      await call(sessionsApi.setRecordingUrl, { params: { id: session.id }, body: { recording_url: value } });
      toast({ title: value ? 'Recording URL Saved' : 'Recording URL Cleared', variant: 'success' });
      onSaved();
    } catch (err) {
      console.error('Failed to update the recording URL', err);
      if (err instanceof ApiError && err.statusCode === 400) setError('Recording URL must be a valid URL');
      else toast({ title: 'Error', description: 'Failed to update the recording URL', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Recording URL</DialogTitle>
          <DialogDescription>{session.session_title}: the address of its recording (https://… or a stored /files/… path).</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void save(url.trim());
          }}
        >
          <Field label="Recording URL" error={error ?? undefined}>
            <Input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…" inputMode="url" />
          </Field>
          <DialogFooter>
            {session.recording_url && (
              <Button variant="outline" disabled={busy} onClick={() => void save(null)}>
                Clear
              </Button>
            )}
            <Button type="submit" variant="secondary" loading={busy} disabled={!url.trim()}>
              Save URL
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
