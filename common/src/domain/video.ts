/**
 * The privacy-enhanced player address of a YouTube video from any link people copy (watch, share, shorts, embed,
 * nocookie); null for anything that is not a YouTube video link with an id (a page then shows its poster, no player).
 */
export function videoEmbedUrl(link: string | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const m = /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname);
    id = m ? m[1]! : url.pathname === '/watch' ? url.searchParams.get('v') : null;
  }
  return id && /^[\w-]{11}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
