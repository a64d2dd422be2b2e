import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { isValidEmail } from '@app/common/domain/contact';
import { useSiteSettings } from '../features/site/site-data';
import { PRODUCT_NAME } from './brand';
import { Emblem } from './Logo';
import { buttonClasses } from './ui/button';
import { toast } from './ui/toast';
import { ON_NAVY_GOLD_OUTLINE } from '../features/site/classes';

/** The footer's in-page anchors (spec §2), which lead to the landing page's sections from any page. */
const ANCHORS = [
  { label: 'About', to: '/#about' },
  { label: 'Incubator', to: '/#incubator' },
  { label: 'Community', to: '/#community' },
  { label: 'Partnership', to: '/#partnership' },
  { label: 'Get Involved', to: '/#involved' },
] as const;

/** Simple monochrome marks for the usual social networks, by name (decorative: each link is named by its text). */
const SOCIAL_ICONS: Record<string, string> = {
  Facebook: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.7-.6Z',
  Instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  LinkedIn: 'M4 9h4v12H4V9Zm2-6a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm4 6h3.8v1.7c.6-1 1.9-2 3.9-2 4 0 4.3 2.6 4.3 6V21h-4v-5.5c0-1.5 0-3.3-2-3.3s-2.3 1.5-2.3 3.2V21H10V9Z',
  YouTube: 'M22 8.2a3 3 0 0 0-2.1-2.1C18 5.6 12 5.6 12 5.6s-6 0-7.9.5A3 3 0 0 0 2 8.2 31 31 0 0 0 1.6 12 31 31 0 0 0 2 15.8a3 3 0 0 0 2.1 2.1c1.9.5 7.9.5 7.9.5s6 0 7.9-.5a3 3 0 0 0 2.1-2.1c.4-1.2.4-3.8.4-3.8s0-2.6-.4-3.8ZM10 15V9l5.2 3L10 15Z',
};

function onSubscribe(e: FormEvent<HTMLFormElement>) {
  e.preventDefault();
  const email = String(new FormData(e.currentTarget).get('email') ?? '');
  if (!isValidEmail(email)) {
    toast({ title: 'Please enter a valid email address', variant: 'destructive' });
    return;
  }
  // Loaded on submit: the API client stays out of the landing page's first load.
  void import('../features/mail/subscribe').then((m) => m.subscribeToNewsletter(email));
}

/** The site footer (spec §2): anchors, claims, chat community, social links, newsletter box, Apply Now, copyright. */
export function SiteFooter({ year }: { year: number }) {
  const { claims, communityInviteUrl, socials } = useSiteSettings();
  return (
    <footer className="border-t border-gold-500/20 bg-ink-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.3fr_0.8fr_1.2fr]">
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-2.5">
            <Emblem className="h-9 w-9" />
            <span className="font-display text-xl text-white">{PRODUCT_NAME}</span>
          </div>
          <p className="max-w-sm text-sm leading-relaxed text-slate-300">
            Building trusted goods, elite services and sacred information across seven sectors of transformation.
          </p>
          {claims.length > 0 && (
            <dl className="grid max-w-sm grid-cols-3 gap-3" data-testid="footer-claims">
              {claims.map((c) => (
                <div key={c.label} className="flex flex-col rounded-lg border border-ink-700 bg-ink-900 px-3 py-2.5">
                  <dt className="text-xs leading-snug text-slate-300">{c.label}</dt>
                  <dd className="order-first font-display text-xl font-semibold text-gold-300">{c.figure}</dd>
                </div>
              ))}
            </dl>
          )}
          {communityInviteUrl && (
            <a href={communityInviteUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-2 text-sm text-slate-200 hover:text-gold-300">
              <span aria-hidden="true" className="relative flex h-2 w-2">
                <span className="absolute inset-0 animate-ping rounded-full bg-green-400 opacity-75 motion-reduce:hidden" />
                <span className="relative h-2 w-2 rounded-full bg-green-400" />
              </span>
              Active chat community: join the conversation
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>

        <nav aria-label="Footer" className="flex flex-col gap-3">
          <h2 className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-300">Explore</h2>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-1">
            {ANCHORS.map((a) => (
              <li key={a.to}>
                <Link to={a.to} className="hover:text-gold-300">
                  {a.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/pitch-deck" className="hover:text-gold-300">
                Pitch Deck
              </Link>
            </li>
            <li>
              <Link to="/token-ledger" className="hover:text-gold-300">
                Token Ledger
              </Link>
            </li>
          </ul>
        </nav>

        <div className="flex flex-col gap-4 md:col-span-2 lg:col-span-1">
          <h2 className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-300">Stay informed</h2>
          <form onSubmit={onSubscribe} className="flex flex-col gap-2 sm:flex-row" noValidate>
            <label htmlFor="footer-newsletter" className="sr-only">
              Email address
            </label>
            <input
              id="footer-newsletter"
              name="email"
              type="email"
              autoComplete="email"
              placeholder="Your email address"
              className="h-10 min-w-0 sm:flex-1 rounded-md border border-ink-600 bg-ink-900 px-3 text-base text-white placeholder:text-slate-400 focus-visible:border-gold-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500/40"
            />
            <button type="submit" className={buttonClasses({ variant: 'outline', className: `${ON_NAVY_GOLD_OUTLINE}` })}>
              Subscribe for Insights
            </button>
          </form>
          <Link to="/incubator-application" className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full sm:w-auto sm:self-start' })}>
            Apply Now to Thrive
          </Link>
          {socials.length > 0 && (
          <ul className="flex gap-2" aria-label="Social media">
            {socials.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex h-10 w-10 items-center justify-center rounded-full border border-ink-700 text-slate-200 transition-colors hover:border-gold-500 hover:text-gold-300"
                >
                  {SOCIAL_ICONS[s.name] ? (
                    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                      <path d={SOCIAL_ICONS[s.name]} fillRule="evenodd" />
                    </svg>
                  ) : (
                    <span aria-hidden="true" className="text-sm font-semibold">{s.name.slice(0, 1)}</span>
                  )}
                  <span className="sr-only">{s.name} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
          )}
        </div>
      </div>
      <div className="border-t border-ink-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-slate-400 sm:px-6" data-testid="copyright">
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
