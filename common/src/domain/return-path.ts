/**
 * Where sign-in sends a member back to: a path on this site, never another origin. The path travels through a query
 * string (`/auth?returnTo=`), the dev sign-in body and the Discord OAuth state, so each end checks it with this one
 * function; anything else (absolute or protocol-relative URLs, backslashes that browsers read as slashes, control
 * characters, API paths, the sign-in page itself) is refused and the member lands on the default page instead.
 */

const BASE = 'http://return-path.invalid';
const MAX_LENGTH = 1024;

function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** The same-origin path `raw` names (path, query and hash), or null when it is not one to follow. */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  // `//host` and `/\host` are other origins to a browser; control characters are stripped by URL parsers.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControlCharacter(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname === '/auth' || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address that comes back to `from` (when it is a path to follow). */
export function signInPath(from: string): string {
  const back = safeReturnPath(from);
  return back && back !== '/' ? `/auth?${new URLSearchParams({ returnTo: back })}` : '/auth';
}
