import { ZApiError } from '@app/common/schemas/errors';
import { membersApi } from '@app/common/api/members';

/** GET /api/profiles/:username */
export const getProfileSchema = {
  tags: ['profiles'],
  summary: "A member's profile: avatar, member since; bio and audio only for the owner, admins, or when the owner made the profile visible; e-mail only when its owner made it visible",
  params: membersApi.profile.params,
  response: { 200: membersApi.profile.response, 400: ZApiError, 401: ZApiError, 404: ZApiError },
};
