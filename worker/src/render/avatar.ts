import { loadSharp } from './brand';

/** Hosts an avatar is fetched from: Discord's CDN only (the URL comes from the sign-in profile sync). */
const AVATAR_HOSTS = new Set(['cdn.discordapp.com', 'media.discordapp.net']);
/** How long the fetch may take before the flyer falls back to initials. */
const AVATAR_TIMEOUT_MS = 1_500;
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The avatar at `url` as a square PNG of `size` px, or null when there is none to use: no URL, a host
 * other than Discord's CDN, no answer within {@link AVATAR_TIMEOUT_MS}, not an image, too large. Never
 * throws: a flyer does not fail because of the network (it shows the initials instead).
 */
export async function fetchAvatar(url: string | null, size: number, fetchImpl: typeof fetch = fetch): Promise<Buffer | null> {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' || !AVATAR_HOSTS.has(u.hostname)) return null;
    const res = await fetchImpl(u, { signal: AbortSignal.timeout(AVATAR_TIMEOUT_MS), redirect: 'error' });
    if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) return null;
    if (Number(res.headers.get('content-length') ?? 0) > AVATAR_MAX_BYTES) return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > AVATAR_MAX_BYTES) return null;
    return await squarePng(bytes, size);
  } catch {
    return null;
  }
}

/** Any image sharp reads, cropped to a centred square PNG of `size` px. */
async function squarePng(image: Buffer, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image, { limitInputPixels: 4096 * 4096 }).resize(size, size, { fit: 'cover' }).png().toBuffer();
}
