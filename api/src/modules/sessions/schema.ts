import { ZApiError } from '@app/common/schemas/errors';
import { sessionsApi } from '@app/common/api/sessions';

const ZId = sessionsApi.update.params;
const tags = ['sessions'];
const denied = { 401: ZApiError, 403: ZApiError };

/** GET /api/speaker-sessions */
export const listSessionsSchema = { tags, summary: 'All speaker sessions, newest scheduled date first', response: { 200: sessionsApi.list.response, ...denied } };

/** GET /api/speaker-sessions/speaker-options */
export const speakerOptionsSchema = { tags, summary: 'Members an admin may credit as a session\'s speaker (by username, at most 20)', querystring: sessionsApi.speakerOptions.query, response: { 200: sessionsApi.speakerOptions.response, 400: ZApiError, ...denied } };

/** POST /api/speaker-sessions */
export const createSessionSchema = { tags, summary: 'Create a session credited to the chosen speaker; answers its speaker token once', body: sessionsApi.create.body, response: { 201: sessionsApi.create.response, 400: ZApiError, ...denied } };

/** PATCH /api/speaker-sessions/:id */
export const updateSessionSchema = { tags, summary: 'Edit a session (a new speaker is credited in its archive entry too)', params: ZId, body: sessionsApi.update.body, response: { 200: sessionsApi.update.response, 400: ZApiError, ...denied, 404: ZApiError } };

/** DELETE /api/speaker-sessions/:id */
export const deleteSessionSchema = { tags, summary: 'Delete a session', params: ZId, response: { 200: sessionsApi.remove.response, ...denied, 404: ZApiError } };

/** POST /api/speaker-sessions/:id/status */
export const changeStatusSchema = { tags, summary: 'Move a session: scheduled → live → completed, scheduled → cancelled (409 otherwise)', params: ZId, body: sessionsApi.changeStatus.body, response: { 200: sessionsApi.changeStatus.response, 400: ZApiError, ...denied, 404: ZApiError, 409: ZApiError } };

/** POST /api/speaker-sessions/:id/token */
export const newTokenSchema = { tags, summary: 'New speaker token (revokes the old one), shown once', params: ZId, response: { 200: sessionsApi.newToken.response, ...denied, 404: ZApiError } };

/** PUT /api/speaker-sessions/:id/recording-url */
export const recordingUrlSchema = {
  tags,
  summary: 'manage-speaker-session update_recording_url: set or clear a session\'s recording URL (its archive entry follows)',
  params: ZId,
  body: sessionsApi.setRecordingUrl.body,
  response: { 200: sessionsApi.setRecordingUrl.response, 400: ZApiError, ...denied, 404: ZApiError },
};

/** POST /api/speaker/authenticate */
export const authenticateSpeakerSchema = { tags, summary: 'Speaker studio sign-in with a session token', body: sessionsApi.authenticateSpeaker.body, response: { 200: sessionsApi.authenticateSpeaker.response, 400: ZApiError, 429: ZApiError } };

/** GET /api/speakers */
export const listSpeakersSchema = { tags, summary: 'Members with a speaker topic, newest first; bio and audio only where Profile Visibility allows', response: { 200: sessionsApi.speakers.response, 401: ZApiError } };
