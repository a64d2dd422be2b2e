import { z } from 'zod';
import { AUDIO_MAX_BYTES } from '@app/common/domain/audio';
import { ZApiError } from '@app/common/schemas/errors';
import { meApi } from '@app/common/api/me';

/** GET /api/me/privacy */
export const getPrivacySchema = { tags: ['me'], summary: 'My privacy settings (defaults when never saved)', response: { 200: meApi.privacy.response, 401: ZApiError } };

/** PUT /api/me/privacy */
export const putPrivacySchema = {
  tags: ['me'],
  summary: 'Save my privacy settings (upsert). profile_visibility: other members see my bio and audio; email_visibility: my e-mail on my profile; directory_listing: listed in /community',
  body: meApi.savePrivacy.body,
  response: { 200: meApi.savePrivacy.response, 400: ZApiError, 401: ZApiError },
};

/** GET /api/me/security */
export const getSecuritySchema = {
  tags: ['me'],
  summary: 'Account age, security events in the last 30 days, last sign-in',
  response: { 200: meApi.security.response, 401: ZApiError },
};

/** Documents the multipart body; validation is the handler's (the bytes are read as a stream, not parsed into the body). */
const ZAudioUploadBody = z
  .object({ audio: z.string().meta({ format: 'binary', description: `The recording: WebM (starts with 1A 45 DF A3), at most ${AUDIO_MAX_BYTES} bytes` }) })
  .nullish();

/** POST /api/me/audio */
export const uploadAudioSchema = {
  tags: ['me'],
  summary:
    'Upload my profile audio (multipart field "audio", WebM, at most 10 MB); replaces the previous recording and answers the access-checked URL it plays from (GET /api/members/{id}/audio). purpose=speaker (the speaker page) stores it as user-audio/{discord_id}/audio-{timestamp}.webm',
  consumes: ['multipart/form-data'],
  querystring: meApi.uploadAudio.query,
  body: ZAudioUploadBody,
  response: { 201: meApi.uploadAudio.response, 400: ZApiError, 401: ZApiError, 403: ZApiError, 413: ZApiError, 415: ZApiError },
};

/** GET /api/me/investments */
export const listMyInvestmentsSchema = {
  tags: ['payments'],
  summary: 'My investments, newest first',
  response: { 200: meApi.investments.response, 401: ZApiError },
};

/** GET /api/me/speaker-profile */
export const mySpeakerProfileSchema = { tags: ['sessions'], summary: 'My speaker profile', response: { 200: meApi.speakerProfile.response, 401: ZApiError } };

/** PUT /api/me/speaker-profile */
export const saveSpeakerProfileSchema = { tags: ['sessions'], summary: 'Save my speaker topic and bio', body: meApi.saveSpeakerProfile.body, response: { 200: meApi.saveSpeakerProfile.response, 400: ZApiError, 401: ZApiError } };
