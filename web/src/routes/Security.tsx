import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DEFAULT_PRIVACY, PROFILE_VISIBILITY_TEXT, privacyLevel, privacyScore } from '@app/common/domain/privacy';
import { formatLocalDate } from '@app/common/domain/local-date';
import { type TPrivacySettings } from '@app/common/schemas/security';
import { pageTitle } from '../components/brand';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Switch } from '../components/ui/switch';
import { toast } from '../components/ui/toast';
import { RequireSession } from '../features/auth/RequireSession';
import { CalendarSettings } from '../features/calendar/CalendarSettings';
import { meApi } from '@app/common/api/me';
import { call } from '../lib/api';
import { useAction, useLoadErrorToast } from '../lib/use-action';

const SWITCHES: Array<{ key: keyof TPrivacySettings; label: string; description: string }> = [
  { key: 'profile_visibility', label: 'Profile Visibility', description: PROFILE_VISIBILITY_TEXT },
  { key: 'email_visibility', label: 'Email Visibility', description: 'Show your e-mail address on your profile to other members.' },
  { key: 'directory_listing', label: 'Directory Listing', description: 'List yourself in the community member directory.' },
];

const LEVEL_BADGE = { High: 'green', Medium: 'gold', Low: 'red' } as const;

function MetricCard({ title, value, hint, children, testId }: { title: string; value: string; hint: string; children?: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="pb-2">
        <CardDescription className="text-xs font-semibold uppercase tracking-wider">{title}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center gap-3">
          <p className="font-display text-4xl font-semibold text-ink-900" data-testid={`${testId}-value`}>{value}</p>
          {children}
        </div>
        <p className="mt-1 text-sm text-slate-600">{hint}</p>
      </CardContent>
    </Card>
  );
}

function Dashboard() {
  const queryClient = useQueryClient();
  const privacy = useQuery({ queryKey: ['me', 'privacy'], queryFn: ({ signal }) => call(meApi.privacy, {}, signal) });
  const metrics = useQuery({ queryKey: ['me', 'security'], queryFn: ({ signal }) => call(meApi.security, {}, signal) });
  const [draft, setDraft] = useState<TPrivacySettings | null>(null);

  useLoadErrorToast(privacy, { message: 'Failed to load privacy settings', id: 'privacy-load' });
  useLoadErrorToast(metrics, { title: 'Warning', message: 'Could not load all security metrics', id: 'metrics-load' });

  const settings = draft ?? privacy.data ?? DEFAULT_PRIVACY;
  const score = privacyScore(settings);
  const level = privacyLevel(score);

  const [save, saving] = useAction(
    async () => {
      const saved = await call(meApi.savePrivacy, { body: settings });
      queryClient.setQueryData(['me', 'privacy'], saved);
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: ['me', 'security'] });
      toast({ title: 'Settings Saved', description: 'Your privacy preferences have been updated successfully.', variant: 'success' });
    },
    { message: 'Failed to save privacy settings' },
  );

  const m = metrics.data;
  return (
    <>
      <title>{pageTitle('Security Dashboard')}</title>
      <section className="bg-ink-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
          <h1 className="font-display text-4xl font-semibold">Security Dashboard</h1>
          <p className="mt-3 flex items-center gap-2 text-slate-200">
            <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-gold-300" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6L12 3Z" />
              <path d="m9 12 2 2 4-4" />
            </svg>
            You are on a secure platform: your session is encrypted and your data is protected.
          </p>
        </div>
      </section>
      <section className="bg-paper">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
          <div className="grid gap-4 md:grid-cols-3">
            <MetricCard testId="security-level" title="Security Level" value={`${score}%`} hint="Based on what you share">
              <Badge variant={LEVEL_BADGE[level]}>{level}</Badge>
            </MetricCard>
            <MetricCard testId="account-age" title="Account Age" value={m ? `${m.accountAgeDays} ${m.accountAgeDays === 1 ? 'day' : 'days'}` : '—'} hint="Since you registered" />
            <MetricCard testId="security-events" title="Security Events" value={m ? String(m.securityEvents30d) : '—'} hint="In the last 30 days" />
          </div>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Privacy and Security Settings</CardTitle>
              <CardDescription>Choose what other members can see. Each exposure lowers your security level.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              {SWITCHES.map((s) => (
                <div key={s.key} className="flex items-start justify-between gap-4">
                  <div>
                    <label htmlFor={`switch-${s.key}`} className="font-semibold text-ink-900">
                      {s.label}
                    </label>
                    <p className="text-sm text-slate-600">{s.description}</p>
                  </div>
                  <Switch
                    id={`switch-${s.key}`}
                    checked={settings[s.key]}
                    disabled={!privacy.data}
                    onCheckedChange={(v) => setDraft({ ...settings, [s.key]: v })}
                  />
                </div>
              ))}
              <Button variant="secondary" onClick={save} loading={saving} disabled={!privacy.data}>
                {saving ? 'Saving...' : 'Save Privacy Settings'}
              </Button>
            </CardContent>
          </Card>

          <CalendarSettings />

          <Card>
            <CardHeader>
              <CardTitle as="h2">Data Protection Information</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="list-disc space-y-2 pl-5 text-slate-700">
                <li>Your sign-in uses a secure, http-only session cookie that scripts cannot read.</li>
                <li>Payments are handled by our card payment provider; we never see or store card numbers.</li>
                <li>Every sign-in, sign-out and settings change is recorded in your security log.</li>
                <li>Rate limits protect your account and payments from automated abuse.</li>
              </ul>
              {m?.lastSignInAt && (
                <p className="mt-4 text-sm text-slate-600" data-testid="last-login">
                  Last login: {formatLocalDate(m.lastSignInAt)}
                </p>
              )}
            </CardContent>
          </Card>
        </div>
      </section>
    </>
  );
}

/** /security: the member's security dashboard and privacy settings. */
export default function Security() {
  return <RequireSession>{() => <Dashboard />}</RequireSession>;
}
