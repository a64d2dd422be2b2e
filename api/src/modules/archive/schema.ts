import { ZApiError } from '@app/common/schemas/errors';
import { archiveApi } from '@app/common/api/archive';

const ZId = archiveApi.favorite.params;
const tags = ['archive'];
const ZFavorite = archiveApi.favorite.response;

/** GET /api/archive */
export const listArchiveSchema = { tags, summary: 'Archived sessions with totals; favorites marked for the signed-in member', querystring: archiveApi.list.query, response: { 200: archiveApi.list.response, 400: ZApiError } };

/** PUT /api/archive/:id/favorite */
export const addFavoriteSchema = { tags, summary: 'Favorite an archived session', params: ZId, response: { 200: ZFavorite, 401: ZApiError, 404: ZApiError } };

/** DELETE /api/archive/:id/favorite */
export const removeFavoriteSchema = { tags, summary: 'Remove a favorite', params: ZId, response: { 200: ZFavorite, 401: ZApiError } };

/** POST /api/archive/:id/view */
export const recordViewSchema = { tags, summary: 'Record that a recording was opened (the viewer comes from the session, never the body)', params: ZId, response: { 200: archiveApi.view.response, 404: ZApiError } };
