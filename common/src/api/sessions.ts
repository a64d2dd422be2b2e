import { z } from 'zod';
import { ZSpeakerInvitation } from '../schemas/mail';
import { ZAuthenticateSpeaker, ZRecordingUrl, ZSessionForm, ZSessionWithToken, ZSpeakerAuthResult, ZSpeakerOptions, ZSpeakerOptionsQuery, ZSpeakerSession, ZStatusChange } from '../schemas/sessions';
import { ZSpeakerProfile } from '../schemas/speakers';
import { contract, ZMessage, ZOk } from './contract';

const ZSessionId = z.object({ id: z.uuid({ error: 'id must be a session id' }) });

/** The sessions module: the admins' speaker sessions, a speaker's token sign-in and the speaker profiles. */
export const sessionsApi = {
  list: contract({ method: 'GET', path: '/api/speaker-sessions', response: z.object({ sessions: z.array(ZSpeakerSession) }) }),
  speakerOptions: contract({ method: 'GET', path: '/api/speaker-sessions/speaker-options', query: ZSpeakerOptionsQuery, response: ZSpeakerOptions }),
  create: contract({ method: 'POST', path: '/api/speaker-sessions', body: ZSessionForm, response: ZSessionWithToken }),
  update: contract({ method: 'PATCH', path: '/api/speaker-sessions/:id', params: ZSessionId, body: ZSessionForm.partial(), response: ZSpeakerSession }),
  remove: contract({ method: 'DELETE', path: '/api/speaker-sessions/:id', params: ZSessionId, response: ZOk }),
  changeStatus: contract({ method: 'POST', path: '/api/speaker-sessions/:id/status', params: ZSessionId, body: ZStatusChange, response: ZSpeakerSession }),
  newToken: contract({ method: 'POST', path: '/api/speaker-sessions/:id/token', params: ZSessionId, response: z.object({ token: z.string(), token_expires_at: z.string() }) }),
  setRecordingUrl: contract({ method: 'PUT', path: '/api/speaker-sessions/:id/recording-url', params: ZSessionId, body: ZRecordingUrl, response: ZSpeakerSession }),
  sendInvitation: contract({ method: 'POST', path: '/api/speaker-sessions/:id/invitation', params: z.object({ id: z.uuid() }), body: ZSpeakerInvitation, response: ZMessage }),
  authenticateSpeaker: contract({ method: 'POST', path: '/api/speaker/authenticate', body: ZAuthenticateSpeaker, response: ZSpeakerAuthResult }),
  speakers: contract({ method: 'GET', path: '/api/speakers', response: z.object({ speakers: z.array(ZSpeakerProfile) }) }),
};
