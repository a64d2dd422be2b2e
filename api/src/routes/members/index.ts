import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError } from '@app/common/schemas/errors';
import { ZMembersPage, ZMembersQuery } from '@app/common/schemas/members';
import { listMembers } from '@app/common/server/members.repository';

/** The member directory (signed-in members only). */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/members',
    {
      config: { access: 'member' },
      schema: { tags: ['members'], summary: 'Member directory: listed members, newest first, searchable by username', querystring: ZMembersQuery, response: { 200: ZMembersPage, 400: ZApiError, 401: ZApiError } },
    },
    async (req) => listMembers(app.db, req.query, req.session!.userId),
  );
};
