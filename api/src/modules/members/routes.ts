import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { maySeeProfileDetails } from '@app/common/domain/privacy';
import { listMembers } from '@app/common/server/members.repository';
import { findMemberAudio } from '@app/common/server/profiles.repository';
import { membersApi } from '@app/common/api/members';
import { httpError } from '../../http-error';
import { sendStoredObject } from '../../plugins/storage';
import { listMembersSchema, memberAudioSchema } from './schema';

/** The member directory and members' recordings (signed-in members only). */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(membersApi.list.path, { config: { access: 'member' }, schema: listMembersSchema }, async (req) => listMembers(app.db, req.query, req.session!.userId));

  // Recordings are served only here (never by /files), so a copied link still meets the owner's setting.
  app.get('/api/members/:id/audio', { config: { access: 'member' }, schema: memberAudioSchema }, async (req, reply) => {
    const row = await findMemberAudio(app.db, req.params.id);
    const key = row?.audio_file_url ? app.storage.keyFromPublicUrl(row.audio_file_url) : null;
    // Hidden and missing answer alike, so the route does not tell who has a private recording.
    if (!row || !key || !maySeeProfileDetails(req.session!, row.id, row.profile_visibility)) throw httpError(404, 'Audio not found');
    return sendStoredObject(req, reply, app.storage, key, 'private, no-cache');
  });
};
