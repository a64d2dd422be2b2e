import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberAudioPath } from '@app/common/domain/audio';
import { maySeeProfileDetails } from '@app/common/domain/privacy';
import { userNotFoundMessage, type TProfile } from '@app/common/schemas/profiles';
import { findProfile } from '@app/common/server/profiles.repository';
import { membersApi } from '@app/common/api/members';
import { httpError } from '../../http-error';
import { getProfileSchema } from './schema';

/** Member profiles (members only, like the directory); Profile Visibility is enforced here, not in the page. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(membersApi.profile.path, { config: { access: 'member' }, schema: getProfileSchema }, async (req, reply): Promise<TProfile> => {
    const row = await findProfile(app.db, req.params.username);
    if (!row) throw httpError(404, userNotFoundMessage(req.params.username));
    const viewer = req.session!;
    const details = maySeeProfileDetails(viewer, row.id, row.profile_visibility);
    // The answer differs per viewer and changes when the owner flips a switch: never from a shared cache.
    reply.header('cache-control', 'private, no-cache');
    return {
      id: row.id,
      username: row.discord_username,
      avatar: row.discord_avatar_url,
      bio: details && row.bio?.trim() ? row.bio : null,
      audioUrl: details && row.audio_file_url ? memberAudioPath(row.id, row.audio_file_url) : null,
      memberSince: row.created_at.toISOString(),
      email: row.email_visibility ? row.email : null,
      isOwner: row.id === viewer.userId,
      profileVisible: Boolean(row.profile_visibility),
      detailsHidden: !details && Boolean(row.bio?.trim() || row.audio_file_url),
    };
  });
};
