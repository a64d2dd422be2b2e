import { ZMembersPage, ZMembersQuery } from '../schemas/members';
import { ZProfile, ZProfileParams } from '../schemas/profiles';
import { contract } from './contract';

/** The members module (/api/members) and the public profiles (/api/profiles). */
export const membersApi = {
  list: contract({ method: 'GET', path: '/api/members', query: ZMembersQuery, response: ZMembersPage }),
  profile: contract({ method: 'GET', path: '/api/profiles/:username', params: ZProfileParams, response: ZProfile }),
};
