import { ZApiError } from '@app/common/schemas/errors';
import { ZAuthenticateSpeaker, ZRecordingUrl, ZSessionForm, ZSessionWithToken, ZSpeakerAuthResult, ZSpeakerOptions, ZSpeakerOptionsQuery, ZSpeakerSession, ZStatusChange } from '@app/common/schemas/sessions';
import { sessionsApi } from '@app/common/api/sessions';
import { ZOk } from '@app/common/api/contract';

const ZId = sessionsApi.update.params;
const tags = ['sessions'];
const denied = { 401: ZApiError, 403: ZApiError };

/** GET /api/speaker-sessions */
export const listSessionsSchema = { tags, summary: 'All speaker sessions, newest scheduled date first', response: { 200: sessionsApi.list.response, ...denied } };

/** GET /api/speaker-sessions/speaker-options */
export const speakerOptionsSchema = { tags, summary: 'Members an admin may credit as a session\'s speaker (by username, at most 20)', querystring: ZSpeakerOptionsQuery, response: { 200: ZSpeakerOptions, 400: ZApiError, ...denied } };

/** POST /api/speaker-sessions */
export const createSessionSchema = { tags, summary: 'Create a session credited to the chosen speaker; answers its speaker token once', body: ZSessionForm, response: { 201: ZSessionWithToken, 400: ZApiError, ...denied } };

/** PATCH /api/speaker-sessions/:id */
export const updateSessionSchema = { tags, summary: 'Edit a session (a new speaker is credited in its archive entry too)', params: ZId, body: sessionsApi.update.body, response: { 200: ZSpeakerSession, 400: ZApiError, ...denied, 404: ZApiError } };

/** DELETE /api/speaker-sessions/:id */
export const deleteSessionSchema = { tags, summary: 'Delete a session', params: ZId, response: { 200: ZOk, ...denied, 404: ZApiError } };

/** POST /api/speaker-sessions/:id/status */
export const changeStatusSchema = { tags, summary: 'Move a session: scheduled → live → completed, scheduled → cancelled (409 otherwise)', params: ZId, body: ZStatusChange, response: { 200: ZSpeakerSession, 400: ZApiError, ...denied, 404: ZApiError, 409: ZApiError } };

/** POST /api/speaker-sessions/:id/token */
export const newTokenSchema = { tags, summary: 'New speaker token (revokes the old one), shown once', params: ZId, response: { 200: sessionsApi.newToken.response, ...denied, 404: ZApiError } };

/** PUT /api/speaker-sessions/:id/recording-url */
export const recordingUrlSchema = {
  tags,
  summary: 'manage-speaker-session update_recording_url: set or clear a session\'s recording URL (its archive entry follows)',
  params: ZId,
  body: ZRecordingUrl,
  response: { 200: ZSpeakerSession, 400: ZApiError, ...denied, 404: ZApiError },
};

/** POST /api/speaker/authenticate */
export const authenticateSpeakerSchema = { tags, summary: 'Speaker studio sign-in with a session token', body: ZAuthenticateSpeaker, response: { 200: ZSpeakerAuthResult, 400: ZApiError, 429: ZApiError } };

/** GET /api/speakers */
export const listSpeakersSchema = { tags, summary: 'Members with a speaker topic, newest first; bio and audio only where Profile Visibility allows', response: { 200: sessionsApi.speakers.response, 401: ZApiError } };
