import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { calendarApi, PUBLIC_FEED_PATH } from '@app/common/api/calendar';
import { REMINDER_CHOICES } from '@app/common/domain/session-reminders';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { call } from '../../lib/api';
import { useAction, useLoadErrorToast } from '../../lib/use-action';

const NONE = 'none';
const KEY = ['calendar', 'settings'];

/** The member's session reminder lead time and the secret link to their own calendar feed. */
export function CalendarSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(calendarApi.settings, {}, signal) });
  useLoadErrorToast(settings, { message: 'Failed to load your reminder settings', id: 'calendar-settings-load' });
  const [link, setLink] = useState<string | null>(null);

  const [saveMinutes, saving] = useAction(
    async (value: string) => {
      const saved = await call(calendarApi.saveSettings, { body: { reminder_minutes: value === NONE ? null : Number(value) } });
      queryClient.setQueryData(KEY, saved);
      toast({ title: 'Reminders Saved', description: value === NONE ? 'You will get no session reminders.' : 'Your reminders will come at the new time.', variant: 'success' });
    },
    { message: 'Failed to save your reminder setting' },
  );
  const [rotate, rotating] = useAction(
    async () => {
      const r = await call(calendarApi.rotateFeed, {});
      setLink(r.url);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    { message: 'Failed to make a calendar link' },
  );
  const [revoke, revoking] = useAction(
    async () => {
      await call(calendarApi.revokeFeed, {});
      setLink(null);
      void queryClient.invalidateQueries({ queryKey: KEY });
      toast({ title: 'Link Revoked', description: 'Calendars using the old link no longer update.', variant: 'success' });
    },
    { message: 'Failed to revoke the calendar link' },
  );

  const minutes = settings.data?.reminder_minutes;
  const hasFeed = Boolean(settings.data?.feed_created_at);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Session Reminders and Calendar</CardTitle>
        <CardDescription>When you say you will attend a session, we e-mail you a reminder and add it to your personal calendar feed.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <label htmlFor="reminder-minutes" className="font-semibold text-ink-900">
            Reminder e-mail
          </label>
          <Select value={minutes === undefined ? undefined : minutes === null ? NONE : String(minutes)} onValueChange={(v) => void saveMinutes(v)} disabled={!settings.data || saving}>
            <SelectTrigger id="reminder-minutes" className="sm:w-56">
              <SelectValue placeholder="Loading…" />
            </SelectTrigger>
            <SelectContent>
              {REMINDER_CHOICES.map((c) => (
                <SelectItem key={c.minutes} value={String(c.minutes)}>
                  {c.label}
                </SelectItem>
              ))}
              <SelectItem value={NONE}>No reminders</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-2 border-t border-slate-200 pt-4">
          <p className="font-semibold text-ink-900">Your calendar feed</p>
          <p className="text-sm text-slate-600">
            A private link to the sessions you RSVP&apos;d to: add it to your calendar app as a subscription and it updates itself when a session moves or is cancelled.
            Anyone with the link can read it; make a new one to end the old.
          </p>
          {link && (
            <div className="space-y-1">
              <label htmlFor="feed-link" className="text-sm font-medium text-ink-900">
                Copy it now: it is shown only once
              </label>
              <Input id="feed-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={rotate} loading={rotating} disabled={!settings.data}>
              {hasFeed ? 'Make a new link' : 'Make my calendar link'}
            </Button>
            {hasFeed && (
              <Button variant="outline" size="sm" onClick={revoke} loading={revoking}>
                Revoke link
              </Button>
            )}
          </div>
          <p className="text-sm text-slate-600">
            Or subscribe to <a href={PUBLIC_FEED_PATH} className="font-medium text-ink-800 underline underline-offset-2">every session</a>.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
