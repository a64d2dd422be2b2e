import { z } from 'zod';
import { ZArchiveList, ZArchiveQuery } from '../schemas/sessions';
import { contract } from './contract';

const ZArchiveId = z.object({ id: z.uuid({ error: 'id must be an archived session id' }) });
const ZFavorite = z.object({ favorite: z.boolean() });

/** The archive module: past sessions' recordings, favourites and views. */
export const archiveApi = {
  list: contract({ method: 'GET', path: '/api/archive', query: ZArchiveQuery, response: ZArchiveList }),
  favorite: contract({ method: 'PUT', path: '/api/archive/:id/favorite', params: ZArchiveId, response: ZFavorite }),
  unfavorite: contract({ method: 'DELETE', path: '/api/archive/:id/favorite', params: ZArchiveId, response: ZFavorite }),
  view: contract({ method: 'POST', path: '/api/archive/:id/view', params: ZArchiveId, response: z.object({ recording_url: z.string().nullable() }) }),
};
