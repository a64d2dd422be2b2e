import { useState, type FormEvent } from 'react';
import { CONSULTATION_SECTOR_KEYS, CONSULTATION_SECTORS, consultationUrl, TIME_COMMITMENTS, type ConsultationSector, type TimeCommitment } from '@app/common/domain/outreach';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { useSectorName, useSiteSettings } from '../site/site-data';
import { openPendingTab } from '../../lib/new-tab';
import { failureToast, submitForm } from './submit';

/**
 * The sector consultation (spec §2, §4): choose a sector and a time commitment; Schedule is enabled only when both
 * are chosen. The request is stored, and a new tab opens the scheduling page for a 30-minute meeting with both as query
 * values.
 */
export default function ConsultationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [sector, setSector] = useState<ConsultationSector | ''>('');
  const [time, setTime] = useState<TimeCommitment | ''>('');
  const [busy, setBusy] = useState(false);
  const { schedulingUrl } = useSiteSettings();
  const sectorName = useSectorName();
  const ready = sector !== '' && time !== '';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    // Opened inside the click (when the organisation has set its scheduling page); it goes there even if storing the
    // request fails, so booking still works.
    const tab = schedulingUrl ? openPendingTab() : null;
    setBusy(true);
    try {
      await submitForm('consultation', { sector, timeCommitment: time });
      setSector('');
      setTime('');
      onOpenChange(false);
    } catch (err) {
      console.error('Consultation request failed:', err);
      toast({ ...failureToast(err), variant: 'destructive' });
    } finally {
      if (schedulingUrl) tab?.go(consultationUrl(schedulingUrl, { sector, timeCommitment: time }));
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Schedule a Sector Consultation</DialogTitle>
          <DialogDescription>
            Tell us where you want to make a difference. We will meet for 30 minutes to find your place in the movement.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="mt-5 flex flex-col gap-4" aria-label="Sector consultation">
          <Select value={sector} onValueChange={(v) => setSector(v as ConsultationSector)}>
            <Field label="Sector" required>
              <SelectTrigger>
                <SelectValue placeholder="Choose a sector" />
              </SelectTrigger>
            </Field>
            <SelectContent>
              {CONSULTATION_SECTORS.map((s) => (
                <SelectItem key={s} value={s}>
                  {sectorName(CONSULTATION_SECTOR_KEYS[s]) || s}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={time} onValueChange={(v) => setTime(v as TimeCommitment)}>
            <Field label="Time Commitment" required hint="How much time could you give each week?">
              <SelectTrigger>
                <SelectValue placeholder="Choose a time commitment" />
              </SelectTrigger>
            </Field>
            <SelectContent>
              {TIME_COMMITMENTS.map((t) => (
                <SelectItem key={t} value={t}>
                  {t}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="secondary" disabled={!ready} loading={busy}>
              Schedule Consultation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
