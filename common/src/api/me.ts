import { z } from 'zod';
import { AUDIO_PURPOSES } from '../domain/audio';
import { ZAudioUploaded } from '../schemas/profiles';
import { ZPrivacySettings, ZSecurityMetrics } from '../schemas/security';
import { ZSpeakerProfile, ZSpeakerProfileForm } from '../schemas/speakers';
import { ZInvestment } from './payments';
import { contract } from './contract';

/** POST /api/me/audio's query: which page the recording comes from. */
const ZAudioUploadQuery = z.object({ purpose: z.enum(AUDIO_PURPOSES, { error: 'purpose must be profile or speaker' }).default('profile') });

/** The me module: what the signed-in member reads and changes about themselves. */
export const meApi = {
  privacy: contract({ method: 'GET', path: '/api/me/privacy', response: ZPrivacySettings }),
  savePrivacy: contract({ method: 'PUT', path: '/api/me/privacy', body: ZPrivacySettings, response: ZPrivacySettings }),
  security: contract({ method: 'GET', path: '/api/me/security', response: ZSecurityMetrics }),
  speakerProfile: contract({ method: 'GET', path: '/api/me/speaker-profile', response: ZSpeakerProfile }),
  saveSpeakerProfile: contract({ method: 'PUT', path: '/api/me/speaker-profile', body: ZSpeakerProfileForm, response: ZSpeakerProfile }),
  investments: contract({ method: 'GET', path: '/api/me/investments', response: z.object({ investments: z.array(ZInvestment) }) }),
  /** A multipart upload (lib/upload.ts), not JSON: only its path and answer are used on the web. */
  uploadAudio: contract({ method: 'POST', path: '/api/me/audio', query: ZAudioUploadQuery, response: ZAudioUploaded }),
};
