/** Largest profile audio upload: 10 MB (MiB). */
export const AUDIO_MAX_BYTES = 10 * 1024 * 1024;

/** The EBML magic number every WebM (Matroska) file starts with. */
const WEBM_MAGIC = [0x1a, 0x45, 0xdf, 0xa3] as const;

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

/** MediaRecorder time slice of both recorders (spec §9: 1000 ms chunks). */
export const RECORDER_TIMESLICE_MS = 1_000;

/**
 * The speaker page's recording (spec §9): mono, 44,100 Hz, echo cancellation and noise suppression,
 * Opus in WebM, in 1000 ms chunks. The profile page's recorder keeps the browser defaults (spec §9),
 * so these are used by the speaker page only.
 */
export const SPEAKER_AUDIO_CONSTRAINTS = {
  channelCount: 1,
  sampleRate: 44_100,
  echoCancellation: true,
  noiseSuppression: true,
} as const;
export const SPEAKER_AUDIO_MIME_TYPE = 'audio/webm;codecs=opus';

/** Which recorder an upload comes from: the profile page or the speaker page (POST /api/me/audio?purpose=). */
export const AUDIO_PURPOSES = ['profile', 'speaker'] as const;
export type AudioPurpose = (typeof AUDIO_PURPOSES)[number];

/** The stored file name of a speaker-page recording, as the spec names it: `audio-{timestamp}.webm`. */
export function speakerAudioFileName(at: Date = new Date()): string {
  return `audio-${at.getTime()}.webm`;
}

/**
 * The speaker page's folder in user-audio: the member's discord_id (spec §7), with any character a
 * storage key cannot hold (the dev sign-in's 'dev:name' ids) written as '_'. Discord's own ids are digits.
 */
export function speakerAudioFolder(discordId: string): string {
  return discordId.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[.]/, '_').slice(0, 200);
}

/** The speaker page's recording toasts (spec §8 Speaker page). */
export const SPEAKER_AUDIO_TEXT = {
  recordingError: { title: 'Recording Error', description: 'Failed to access microphone. Please check permissions.' },
  uploadFailed: { title: 'Upload Failed', description: 'Failed to save your recording. Please try again.' },
  updateFailed: { title: 'Update Failed', description: 'Failed to update your profile' },
  saved: { title: 'Success', description: 'Audio uploaded and profile updated!' },
} as const;

/** The folder of every profile and speaker-page recording; never served by /files (privacy is checked per request). */
const PROFILE_AUDIO_BUCKET = 'user-audio';

/** Whether a storage key is a member's recording, which only GET /api/members/:id/audio may serve. */
export function isProfileAudioKey(key: string): boolean {
  return key.startsWith(`${PROFILE_AUDIO_BUCKET}/`);
}

/**
 * The URL the web app plays a member's recording from: an access-checked route (owner, admins, or
 * anyone when the owner made the profile visible), with the stored file's name as a version so a new
 * recording is never answered from the browser's cache of the old one.
 */
export function memberAudioPath(userId: string, storedUrl: string): string {
  const version = storedUrl.slice(storedUrl.lastIndexOf('/') + 1);
  return `/api/members/${encodeURIComponent(userId)}/audio?v=${encodeURIComponent(version)}`;
}
