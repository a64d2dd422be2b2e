/** Largest profile audio upload: 10 MB (MiB). */
export const AUDIO_MAX_BYTES = 10 * 1024 * 1024;

/** The EBML magic number every WebM (Matroska) file starts with. */
export const WEBM_MAGIC = [0x1a, 0x45, 0xdf, 0xa3] as const;

/** The content type profile audio is stored and served with (spec §9: the format is webm). */
export const AUDIO_CONTENT_TYPE = 'audio/webm';

/** Upload answers the web app shows as they are. */
export const AUDIO_MESSAGES = {
  tooLarge: 'The recording is too large: audio files can be at most 10 MB.',
  notWebm: 'The file is not a WebM audio recording: record it on this page, or upload an audio/webm file.',
  empty: 'The recording is empty: record again and stop after a moment.',
  missing: 'No audio file in the request: send the recording as multipart/form-data in the field "audio".',
  notMultipart: 'Send the recording as multipart/form-data (field "audio").',
} as const;

/** Whether `bytes` starts with the WebM (EBML) magic number 1A 45 DF A3. */
export function isWebm(bytes: Uint8Array): boolean {
  return bytes.length >= WEBM_MAGIC.length && WEBM_MAGIC.every((b, i) => bytes[i] === b);
}

/** The stored file name of a profile recording, as the spec names it: `audio_{timestamp}.webm`. */
export function audioFileName(at: Date = new Date()): string {
  return `audio_${at.getTime()}.webm`;
}
