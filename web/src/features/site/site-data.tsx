import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { SITE_PATHS, SITE_SEED_ID } from '@app/common/api/site-paths';
import type { TokenSale } from '@app/common/domain/payments';
import type { SectorKey, TSiteData, TSiteSettings } from '@app/common/schemas/site';

// The content admins edit (addresses, videos, claims, sector names, roadmap) and the token sale, as one value every
// page reads. The server renders each page with it and puts the same value in the page (SITE_SEED_ID), so the browser
// starts from exactly what was rendered (no hydration mismatch) and needs no request for it. No zod here: the server
// validated it, and the public pages' budget has no room for the schema library.


interface SiteState {
  data: TSiteData | null;
  /** Replaces the data (the admin page, after a save). */
  set(data: TSiteData): void;
}

const SiteContext = createContext<SiteState>({ data: null, set: () => undefined });

/** The site data a page arrived with, or null. */
export function readSiteSeed(): TSiteData | null {
  const el = typeof document === 'undefined' ? null : document.getElementById(SITE_SEED_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as TSiteData;
  } catch {
    return null;
  }
}

/** Provides the site data: `initial` (the server's seed), else what GET /api/site answers. */
export function SiteProvider({ initial, children }: { initial: TSiteData | null; children: ReactNode }) {
  const [data, set] = useState(initial);
  useEffect(() => {
    if (data) return;
    let live = true;
    fetch(SITE_PATHS.site, { credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<TSiteData>) : null))
      .then((d) => live && d && set(d))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [data]);
  return <SiteContext.Provider value={{ data, set }}>{children}</SiteContext.Provider>;
}

/** Settings with nothing set: what a page shows before the data is in (only without a server render). */
const NOTHING_SET: TSiteSettings = {
  socials: [],
  ventures: [],
  claims: [],
  programClaims: [],
  roadmap: [],
  sectors: { education: '', media: '', economy: '', government: '', family: '', arts: '', religion: '' },
};

/** The site settings (unset addresses are undefined: their buttons are hidden). */
export function useSiteSettings(): TSiteSettings {
  return useContext(SiteContext).data?.settings ?? NOTHING_SET;
}

/** A sector's one name, as every page writes it. */
export function useSectorName(): (key: SectorKey) => string {
  const { sectors } = useSiteSettings();
  return (key) => sectors[key];
}

/** The token sale (null until known: pages show no price rather than a guessed one). */
export function useTokenSale(): TokenSale | null {
  return useContext(SiteContext).data?.tokenSale ?? null;
}

/** The whole site data and its setter (the admin settings page). */
export function useSiteData(): SiteState {
  return useContext(SiteContext);
}
