import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@app/common/schemas/errors';
import { userNotFoundMessage, ZProfile, ZProfileParams, type TProfile } from '@app/common/schemas/profiles';
import { findProfile } from '@app/common/server/profiles.repository';
import { httpError } from '../../http-error';

/** Member profiles (members only, like the directory). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/profiles/:username',
    {
      config: { access: 'member' },
      schema: {
        tags: ['profiles'],
        summary: "A member's profile: avatar, bio, audio, member since; e-mail only when its owner made it visible",
        params: ZProfileParams,
        response: { 200: ZProfile, 401: ZApiError, 404: ZApiError },
      },
    },
    async (req, reply): Promise<TProfile> => {
      const row = await findProfile(app.db, req.params.username);
      if (!row) throw httpError(404, userNotFoundMessage(req.params.username));
      reply.header('cache-control', 'private, no-cache');
      return {
        id: row.id,
        username: row.discord_username,
        avatar: row.discord_avatar_url,
        bio: row.bio?.trim() ? row.bio : null,
        audioUrl: row.audio_file_url,
        memberSince: row.created_at.toISOString(),
        email: row.email_visibility ? row.email : null,
        isOwner: row.id === req.session!.userId,
      };
    },
  );
};
