import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@app/common/schemas/errors';
import { ZSpeakerProfile, ZSpeakerProfileForm } from '@app/common/schemas/speakers';

const COLUMNS = ['id', 'discord_username', 'discord_avatar_url', 'bio', 'speaker_topic', 'audio_file_url', 'updated_at'];
type Row = Omit<z.infer<typeof ZSpeakerProfile>, 'updated_at'> & { updated_at: Date };
const toApi = (r: Row) => ({ ...r, updated_at: r.updated_at.toISOString() });

/** Speaker profiles for the Brotherhood tab, and the viewer's own topic and bio. */
export const speakerProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/speakers',
    { config: { access: 'member' }, schema: { tags: ['sessions'], summary: 'Members with a speaker topic, newest first', response: { 200: z.object({ speakers: z.array(ZSpeakerProfile) }), 401: ZApiError } } },
    async () => {
      const rows = (await app.db('users').whereNotNull('speaker_topic').whereNotNull('discord_username').orderBy('created_at', 'desc').limit(200).select(COLUMNS)) as Row[];
      return { speakers: rows.map(toApi) };
    },
  );

  app.get(
    '/api/me/speaker-profile',
    { config: { access: 'member' }, schema: { tags: ['sessions'], summary: 'My speaker profile', response: { 200: ZSpeakerProfile, 401: ZApiError } } },
    async (req) => toApi((await app.db('users').where({ id: req.session!.userId }).first(COLUMNS)) as Row),
  );

  app.put(
    '/api/me/speaker-profile',
    { config: { access: 'member' }, schema: { tags: ['sessions'], summary: 'Save my speaker topic and bio', body: ZSpeakerProfileForm, response: { 200: ZSpeakerProfile, 400: ZApiError, 401: ZApiError } } },
    async (req) => {
      const [row] = (await app.db('users')
        .where({ id: req.session!.userId })
        .update({ speaker_topic: req.body.speaker_topic, bio: req.body.bio, updated_at: app.db.fn.now() })
        .returning(COLUMNS)) as Row[];
      return toApi(row!);
    },
  );
};
