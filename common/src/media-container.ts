/**
 * Which container a recording's bytes are in, told from the bytes themselves (magic numbers), never
 * from a type the client claims. Shared by the studio's ingest socket, the worker's finalize and the
 * profile audio uploads.
 */
export type MediaContainer = 'webm' | 'mp4';

/** The MIME type a finalized file of each container is stored and served with. */
export const CONTAINER_MIME: Record<MediaContainer, string> = { webm: 'video/webm', mp4: 'video/mp4' };
/** The file extension of each container. */
export const CONTAINER_EXT: Record<MediaContainer, string> = { webm: 'webm', mp4: 'mp4' };

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/**
 * The container whose header starts `bytes`: an EBML header (WebM, Matroska) or an ISO BMFF `ftyp` box
 * (MP4, fragmented or not). Null for anything else, including the middle of a stream.
 */
export function sniffContainer(bytes: Uint8Array): MediaContainer | null {
  if (bytes.length >= 4 && EBML_MAGIC.every((b, i) => bytes[i] === b)) return 'webm';
  if (bytes.length >= 8 && bytes[4] === 0x66 && bytes[5] === 0x74 && bytes[6] === 0x79 && bytes[7] === 0x70) return 'mp4';
  return null;
}
