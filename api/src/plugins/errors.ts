import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { TApiError } from '@app/common/schemas/errors';

const CONTEXT_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

/**
 * One error shape for every route: 400s list each invalid field's message (the same messages the
 * forms show), 5xx never leak internals, and every answer carries the request id for the logs.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        const fields: Record<string, string[]> = {};
        for (const issue of err.validation) {
          const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
          (fields[key] ??= []).push(issue.message ?? 'is invalid');
        }
        const where = CONTEXT_NAMES[err.validationContext ?? ''] ?? 'request';
        const summary = Object.values(fields)
          .map((msgs) => msgs.join(', '))
          .join('; ');
        const body: TApiError = { statusCode: 400, error: 'Bad Request', message: `Invalid ${where}: ${summary}`, requestId: req.id, fields };
        return reply.status(400).send(body);
      }
      if (isResponseSerializationError(err)) {
        req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
        return reply.status(500).send({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.', requestId: req.id });
      }
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
      if (status >= 500) {
        req.log.error({ err }, 'request failed');
        // Messages written for the caller (httpError) are kept; anything else may carry internals.
        const exposed = status === 503 || (err as { expose?: unknown }).expose === true;
        const message = exposed ? err.message : 'Something went wrong on our side. Please try again.';
        return reply.status(status).send({ statusCode: status, error: exposed ? httpText(status) : 'Internal Server Error', message, requestId: req.id });
      }
      const body: TApiError = { statusCode: status, error: err.name && err.name !== 'FastifyError' && err.name !== 'Error' ? err.name : httpText(status), message: err.message, requestId: req.id };
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);

function httpText(status: number): string {
  const texts: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests', 502: 'Bad Gateway', 503: 'Service Unavailable' };
  return texts[status] ?? 'Error';
}
