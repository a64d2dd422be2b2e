import { z } from 'zod';
import { zStorable } from '@app/common/domain/text';
import { ZApiError } from '@app/common/schemas/errors';
import { membersApi } from '@app/common/api/members';

/** GET /api/members */
export const listMembersSchema = {
  tags: ['members'],
  summary: 'Member directory: listed members, newest first, searchable by username',
  querystring: membersApi.list.query,
  response: { 200: membersApi.list.response, 400: ZApiError, 401: ZApiError },
};

/** GET /api/members/:id/audio */
export const memberAudioSchema = {
  tags: ['members'],
  summary:
    "A member's profile recording (WebM, byte ranges) for the owner, admins, or any member when the owner made the profile visible; 404 otherwise. Never cached by shared caches.",
  params: z.object({ id: z.uuid({ error: 'id must be a member id' }) }),
  querystring: z.object({ v: zStorable().max(200, 'v must be at most 200 characters').optional() }),
  response: { 400: ZApiError, 401: ZApiError, 404: ZApiError, 416: ZApiError },
  produces: ['audio/webm'],
};
