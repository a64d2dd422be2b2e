import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSpeakerProfile, listSpeakerProfiles, saveSpeakerProfile } from '@app/common/server/speaker-profiles.repository';
import { listSpeakersSchema, mySpeakerProfileSchema, saveSpeakerProfileSchema } from './schema';

/** Speaker profiles for the Brotherhood tab, and the viewer's own topic and bio. */
export const speakerProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/speakers', { config: { access: 'member' }, schema: listSpeakersSchema }, async () => ({ speakers: await listSpeakerProfiles(app.db) }));

  app.get('/api/me/speaker-profile', { config: { access: 'member' }, schema: mySpeakerProfileSchema }, async (req) => getSpeakerProfile(app.db, req.session!.userId));

  app.put('/api/me/speaker-profile', { config: { access: 'member' }, schema: saveSpeakerProfileSchema }, async (req) => saveSpeakerProfile(app.db, req.session!.userId, req.body));
};
