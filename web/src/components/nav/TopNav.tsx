import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PaymentButton } from '../../features/payments/PaymentButton';
import { displayName, useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';
import { cn } from '../../lib/cn';
import { PRODUCT_NAME } from '../brand';
import { Emblem } from '../Logo';
import { buttonClasses } from '../ui/button';
import { CloseIcon } from '../ui/close-icon';
import { DogPoundMenu } from './DogPoundMenu';
import { accountLinks, DOG_POUND_LINKS, NAV_LINKS } from './links';
import { ON_NAVY_GOLD_OUTLINE } from '../../features/site/classes';

const UserMenu = lazy(() => import('./UserMenu'));

const LINK = 'rounded-md px-2.5 py-2 text-sm font-semibold tracking-wide text-slate-200 transition-colors hover:bg-ink-800 hover:text-white';

/** Join Community, or the signed-in member's menu (the same width while the session loads, so nothing jumps). */
function Account({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  if (user) {
    return (
      <Suspense fallback={<span className="inline-block h-9 w-28" />}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  return (
    <Link to="/auth" onClick={onNavigate} className={buttonClasses({ variant: 'outline', size: 'sm', className: `${ON_NAVY_GOLD_OUTLINE}` })}>
      Join Community
    </Link>
  );
}

/** The mobile menu's account part: sign-in link, or the member's name with the admin link and Sign Out. */
function MobileAccount({ close }: { close: () => void }) {
  const { user } = useSession();
  const signOut = useSignOut();
  if (!user) {
    return (
      <Link to="/auth" onClick={close} className={buttonClasses({ variant: 'outline', className: `w-full ${ON_NAVY_GOLD_OUTLINE}` })}>
        Join Community
      </Link>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <p className="px-3 py-1 text-sm text-slate-300">
        Signed in as <span className="font-semibold text-white">{displayName(user)}</span>
      </p>
      {accountLinks(user).map((l) =>
        l.server ? (
          <a key={l.to} href={l.to} className={LINK}>
            {l.label}
          </a>
        ) : (
          <Link key={l.to} to={l.to} onClick={close} className={LINK}>
            {l.label}
          </Link>
        ),
      )}
      <button
        type="button"
        className={cn(LINK, 'text-left')}
        onClick={() => {
          close();
          signOut();
        }}
      >
        Sign Out
      </button>
    </div>
  );
}

/**
 * The fixed top bar (spec §2): logo home, Events, Pitch Deck, Incubator, Partnership, Get Involved, the DOG POUND
 * dropdown, Join Community (or the member's menu) and Donate; below 1024 px a toggle opens a menu with the same links.
 */
export function TopNav() {
  // The mobile menu is open for the location it was opened at: any navigation closes it. So does Escape.
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === location.key;
  const menuId = useId();
  const close = () => setOpenAt(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenAt(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-gold-500/30 bg-ink-900 shadow-md shadow-black/20">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/" className="group flex min-w-0 items-center gap-2.5 rounded-md" aria-label={`${PRODUCT_NAME} home`}>
          <Emblem className="h-9 w-9 shrink-0" />
          <span className="truncate font-display text-xl font-semibold tracking-wide text-white group-hover:text-gold-300">{PRODUCT_NAME}</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-0.5 lg:flex">
          {NAV_LINKS.map((l) => (
            <Link key={l.to} to={l.to} className={LINK}>
              {l.label}
            </Link>
          ))}
          <DogPoundMenu />
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          <Account />
          <PaymentButton kind="donate" size="sm">
            Donate
          </PaymentButton>
        </div>

        <button
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-md text-white hover:bg-ink-800 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenAt(menuOpen ? null : location.key)}
        >
          {menuOpen ? (
            <CloseIcon className="h-6 w-6" />
          ) : (
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
            </svg>
          )}
        </button>
      </div>

      <div id={menuId} hidden={!menuOpen} className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-ink-700 bg-ink-900 lg:hidden">
        <nav aria-label="Mobile" className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 sm:px-6">
          {NAV_LINKS.map((l) => (
            <Link key={l.to} to={l.to} onClick={close} className={LINK}>
              {l.label}
            </Link>
          ))}
          <p className="mt-3 px-2.5 text-xs font-semibold uppercase tracking-[0.2em] text-gold-300">DOG POUND</p>
          {DOG_POUND_LINKS.map((l) => (
            <Link key={l.to} to={l.to} onClick={close} className={cn(LINK, 'pl-5')}>
              {l.label}
            </Link>
          ))}
          <div className="mt-4 flex flex-col gap-3 border-t border-ink-700 pt-4">
            <MobileAccount close={close} />
            <PaymentButton kind="donate" className="w-full">
              Donate
            </PaymentButton>
          </div>
        </nav>
      </div>
    </header>
  );
}
