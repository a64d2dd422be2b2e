import type { SectorKey, TSiteSettings } from '@app/common/schemas/site';

// The admin settings form edits lists as text, one item a line with its parts split by ' | ' (a person types them,
// the server's schema checks them): socials "Name | https://…", ventures "Name | https://…" (the address optional),
// claims "figure | label", roadmap "step | title | progress | description".

const split = (line: string) => line.split('|').map((p) => p.trim());
const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

/** The form's state: every field as the text in its control. */
export interface SettingsForm {
  contactEmail: string;
  mainSiteUrl: string;
  schedulingUrl: string;
  registrationUrl: string;
  communityInviteUrl: string;
  incubatorVideoUrl: string;
  pitchVideoUrl: string;
  businessCanvasUrl: string;
  tenthPercentileUrl: string;
  presenter: string;
  communityClaim: string;
  organisationName: string;
  organisationAddress: string;
  receiptTaxNote: string;
  socials: string;
  ventures: string;
  claims: string;
  programClaims: string;
  roadmap: string;
  sectors: Record<SectorKey, string>;
}

export function toForm(s: TSiteSettings): SettingsForm {
  return {
    contactEmail: s.contactEmail ?? '',
    mainSiteUrl: s.mainSiteUrl ?? '',
    schedulingUrl: s.schedulingUrl ?? '',
    registrationUrl: s.registrationUrl ?? '',
    communityInviteUrl: s.communityInviteUrl ?? '',
    incubatorVideoUrl: s.incubatorVideoUrl ?? '',
    pitchVideoUrl: s.pitchVideoUrl ?? '',
    businessCanvasUrl: s.businessCanvasUrl ?? '',
    tenthPercentileUrl: s.tenthPercentileUrl ?? '',
    presenter: s.presenter ?? '',
    communityClaim: s.communityClaim ?? '',
    organisationName: s.organisationName ?? '',
    organisationAddress: s.organisationAddress ?? '',
    receiptTaxNote: s.receiptTaxNote ?? '',
    socials: s.socials.map((l) => `${l.name} | ${l.href}`).join('\n'),
    ventures: s.ventures.map((v) => (v.href ? `${v.name} | ${v.href}` : v.name)).join('\n'),
    claims: s.claims.map((c) => `${c.figure} | ${c.label}`).join('\n'),
    programClaims: s.programClaims.map((c) => `${c.figure} | ${c.label}`).join('\n'),
    roadmap: s.roadmap.map((p) => `${p.step} | ${p.title} | ${p.progress} | ${p.description}`).join('\n'),
    sectors: { ...s.sectors },
  };
}

/** The body of PUT /api/admin/site/settings (blank fields are sent blank: the server reads them as unset). */
export function fromForm(f: SettingsForm): Record<string, unknown> {
  const { socials, ventures, claims, programClaims, roadmap, ...rest } = f;
  return {
    ...rest,
    socials: lines(socials).map((l) => {
      const [name = '', href = ''] = split(l);
      return { name, href };
    }),
    ventures: lines(ventures).map((l) => {
      const [name = '', href = ''] = split(l);
      return { name, href };
    }),
    claims: lines(claims).map((l) => {
      const [figure = '', label = ''] = split(l);
      return { figure, label };
    }),
    programClaims: lines(programClaims).map((l) => {
      const [figure = '', label = ''] = split(l);
      return { figure, label };
    }),
    roadmap: lines(roadmap).map((l) => {
      const [step = '', title = '', progress = '', ...description] = split(l);
      return { step, title, progress: Number(progress), description: description.join(' | ') };
    }),
  };
}

/** The server's field errors by the form's field (a list item's error goes to its list: "socials.1.href" → socials). */
export function errorsByField(fields: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fields ?? {})) {
    const [head = '', index, ...rest] = path.split('.');
    const key = head === 'sectors' && index ? `sectors.${index}` : head;
    const where = head !== 'sectors' && index !== undefined ? `Line ${Number(index) + 1}${rest.length ? ` (${rest.join('.')})` : ''}: ` : '';
    out[key] ??= `${where}${messages[0] ?? 'is not valid'}`;
  }
  return out;
}
