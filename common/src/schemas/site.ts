import { z } from 'zod';
import { saleConfigProblems, TOKEN_RATE_PATTERN, type TokenSale } from '../domain/payments';
import { zText } from '../domain/text';

/** An optional https/http address: blank means unset (its button is hidden). */
const zLink = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.url({ protocol: /^https?$/, error: 'must be a full web address starting with https://' }).max(500).optional(),
);
const zLine = (max: number, label: string) => zText({}).pipe(z.string().min(1, `${label} cannot be empty`).max(max, `${label} must be at most ${max} characters`));
const zOptionalLine = (max: number, label: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), zLine(max, label).optional());

/** The seven sectors, by key; every page names a sector by its setting. */
export const SECTOR_KEYS = ['education', 'media', 'economy', 'government', 'family', 'arts', 'religion'] as const;
export type SectorKey = (typeof SECTOR_KEYS)[number];

/** A stated result ("150+" "Alumni"): the organisation's claim, shown only when set. */
const ZClaim = z.object({ figure: zLine(12, 'A figure'), label: zLine(60, 'A label') });

/** Everything on the public pages that the organisation edits without a deploy (GET /api/site, PUT /api/admin/site/settings). */
export const ZSiteSettings = z.object({
  contactEmail: z.preprocess((v) => (v === '' ? undefined : v), z.email('must be an e-mail address').max(200).optional()),
  mainSiteUrl: zLink,
  schedulingUrl: zLink,
  registrationUrl: zLink,
  communityInviteUrl: zLink,
  /** The incubator's intro video and the pitch deck's video pitch: a YouTube address (watch, share or embed link). */
  incubatorVideoUrl: zLink,
  pitchVideoUrl: zLink,
  businessCanvasUrl: zLink,
  tenthPercentileUrl: zLink,
  socials: z.array(z.object({ name: zLine(40, 'A social network name'), href: z.url({ protocol: /^https?$/, error: 'must be a full web address starting with https://' }) })).max(8),
  ventures: z.array(z.object({ name: zLine(80, 'A venture name'), href: zLink })).max(20),
  presenter: zOptionalLine(120, 'The presenter'),
  /** The organisation's figures in the footer of every page ("500+" "Lives transformed"). */
  claims: z.array(ZClaim).max(3),
  /** The incubator's stated results (landing page, incubator and event pages). */
  programClaims: z.array(ZClaim).max(6),
  /** "Join 1,000+ legacy builders": unset, the sentence carries no figure. */
  communityClaim: zOptionalLine(20, 'The community figure'),
  sectors: z.object(Object.fromEntries(SECTOR_KEYS.map((k) => [k, zLine(40, 'A sector name')])) as Record<SectorKey, ReturnType<typeof zLine>>),
  /** Receipts (PDF and mail): the organisation's legal name (unset: the product name) and postal address, one line each. */
  organisationName: zOptionalLine(120, 'The organisation name'),
  organisationAddress: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), zText({ multiline: true }).pipe(z.string().max(300, 'The address must be at most 300 characters')).optional()),
  /** The tax note receipts print (e.g. "No goods or services were provided in exchange"): the organisation's status differs by country, so unset prints none. */
  receiptTaxNote: zOptionalLine(500, 'The tax note'),
  roadmap: z
    .array(z.object({ step: zLine(16, 'A phase label'), title: zLine(60, 'A phase title'), description: zLine(300, 'A phase description'), progress: z.number().int().min(0).max(100) }))
    .min(1, 'The roadmap needs at least one phase')
    .max(8),
});
export type TSiteSettings = z.infer<typeof ZSiteSettings>;

/** The token sale as the API carries it (amounts in cents). */
export const ZTokenSale = z
  .object({
    tokensPerDollar: z.string().trim().max(20).regex(TOKEN_RATE_PATTERN, 'Tokens per dollar must be a positive number with at most 4 decimals'),
    minCents: z.number().int().min(100, 'The minimum must be at least $1').max(100_000_000, 'The minimum can be at most $1,000,000'),
    maxCents: z.number().int().min(100, 'The maximum must be at least $1').max(100_000_000, 'The maximum can be at most $1,000,000'),
    stepCents: z.number().int().min(1, 'The step must be at least $0.01').max(100_000_000, 'The step can be at most $1,000,000'),
    open: z.boolean(),
  })
  .superRefine((sale, ctx) => {
    // The rules between fields; a field its own rule already refused gets no second message.
    const refused = new Set(ctx.issues.map((i) => String(i.path?.[0])));
    for (const [path, message] of Object.entries(saleConfigProblems(sale as TokenSale))) if (!refused.has(path)) ctx.addIssue({ code: 'custom', path: [path], message });
  })
  // Rules between fields, which JSON Schema cannot state, in words for the document.
  .meta({ 'x-server-rules': { maxCents: 'not below minCents', stepCents: 'at most maxCents - minCents when they differ' } });

/** What every public page renders with: the settings, the token sale, and the content revision they are from. */
export const ZSiteData = z.object({ settings: ZSiteSettings, tokenSale: ZTokenSale, revision: z.number().int() });
export type TSiteData = z.infer<typeof ZSiteData>;
