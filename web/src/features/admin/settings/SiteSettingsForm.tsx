import { useState, type FormEvent, type ReactNode } from 'react';
import { siteApi } from '@app/common/api/site';
import { SECTOR_KEYS, type TSiteSettings } from '@app/common/schemas/site';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { ApiError, call } from '../../../lib/api';
import { useSiteData } from '../../site/site-data';
import { errorsByField, fromForm, toForm, type SettingsForm } from './lines';

type TextKey = Exclude<keyof SettingsForm, 'sectors'>;

const ADDRESSES: Array<[TextKey, string, string?]> = [
  ['contactEmail', 'Contact e-mail', 'Scholarship and registration mail drafts go to it; the payment page shows it.'],
  ['mainSiteUrl', "The organisation's main site"],
  ['schedulingUrl', 'Consultation scheduling page', 'Learn More on the sector cards and the consultation dialog.'],
  ['registrationUrl', 'External registration page', 'Opened after the incubator registration form.'],
  ['communityInviteUrl', 'Discord invite', 'Every Join Discord / Join the Community button.'],
  ['incubatorVideoUrl', 'Incubator intro video (YouTube link)', 'Unset: the landing page shows a poster without a player.'],
  ['pitchVideoUrl', 'Video pitch (YouTube link)', 'Unset: the pitch deck shows a poster without a player.'],
  ['businessCanvasUrl', 'Business canvas app', 'Its button and QR code on the landing page.'],
  ['tenthPercentileUrl', 'The 10th Percentile app', 'Its button and QR code on the landing page.'],
  ['presenter', 'Pitch deck presenter'],
  ['communityClaim', 'Community figure', "'Join 1,000+ legacy builders' on the landing page; unset, the sentence has no figure."],
  ['organisationName', 'Organisation name on receipts', 'The legal name PDF receipts are issued by; unset, the site name.'],
  ['receiptTaxNote', 'Tax note on receipts', 'e.g. No goods or services were provided in exchange. Unset, receipts carry none (it depends on your status and country).'],
];

const LISTS: Array<[TextKey, string, string]> = [
  ['socials', 'Social links', 'One a line: Name | https://… (Facebook, Instagram, LinkedIn and YouTube get their icon).'],
  ['ventures', 'Ventures on the pitch deck', 'One a line: Name | https://… (the address may be left out).'],
  ['claims', 'Footer figures (at most 3)', 'One a line: figure | label, e.g. 500+ | Lives transformed. Only what is true today.'],
  ['programClaims', 'Program results (at most 6)', 'One a line: figure | label, e.g. 85% | Graduate success rate.'],
  ['organisationAddress', 'Organisation address on receipts', 'The postal address PDF receipts print, as its lines.'],
  ['roadmap', 'Pitch roadmap phases', 'One a line: step | title | progress 0-100 | description.'],
];

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-display text-lg font-semibold text-ink-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Addresses, videos, claims, sector names and roadmap: saved at once, on every public page within seconds. */
export function SiteSettingsForm({ settings }: { settings: TSiteSettings }) {
  const site = useSiteData();
  const [form, setForm] = useState(() => toForm(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const text = (k: TextKey) => ({ value: form[k], onChange: (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value }) });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const data = await call(siteApi.saveSettings, { body: fromForm(form) as TSiteSettings });
      site.set(data);
      setForm(toForm(data.settings));
      setErrors({});
      toast({ title: 'Settings saved', description: 'The public pages show them within seconds.', variant: 'success' });
    } catch (err) {
      setErrors(errorsByField(err instanceof ApiError ? err.fields : undefined));
      toast({ title: 'Not saved', description: err instanceof ApiError && err.statusCode < 500 ? err.message : 'Could not save the settings', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Site content</CardTitle>
        <CardDescription>A blank address hides its button. Every change is recorded in the security audit log.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Site content" className="flex flex-col gap-8">
          <Group title="Addresses and media">
            {ADDRESSES.map(([k, label, hint]) => (
              <Field key={k} label={label} hint={hint} error={errors[k]}>
                <Input {...text(k)} type={k === 'contactEmail' ? 'email' : 'text'} inputMode={k === 'contactEmail' ? 'email' : k === 'presenter' || k === 'communityClaim' || k === 'organisationName' || k === 'receiptTaxNote' ? 'text' : 'url'} />
              </Field>
            ))}
          </Group>
          <Group title="Sector names (one name per sector on every page)">
            {SECTOR_KEYS.map((k) => (
              <Field key={k} label={`Sector name: ${k}`} required error={errors[`sectors.${k}`]}>
                <Input value={form.sectors[k]} onChange={(e) => setForm({ ...form, sectors: { ...form.sectors, [k]: e.target.value } })} />
              </Field>
            ))}
          </Group>
          <Group title="Lists">
            {LISTS.map(([k, label, hint]) => (
              <Field key={k} label={label} hint={hint} error={errors[k]} className="sm:col-span-2">
                <Textarea rows={k === 'ventures' ? 6 : 4} {...text(k)} />
              </Field>
            ))}
          </Group>
          <div>
            <Button type="submit" variant="secondary" loading={busy}>
              Save site content
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
