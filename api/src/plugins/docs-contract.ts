import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { ZApiError } from '@app/common/schemas/errors';
import { documentCleanedText } from './docs-rules';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Responses = Record<string, unknown>;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error answers a route gives from what it declares rather than from its handler, so the document lists them for
 * every route without each schema repeating them:
 * - 400: the string gate reads every request (headers included), and the router refuses malformed percent-encoding;
 * - 404 / 414: a path parameter that names nothing, or is over the router's length limit;
 * - 401 / 403: the route's access (signed in; admin; a studio credential), and the cross-site (Origin, CSRF) check of
 *   every state-changing call; 413 / 415: a body over the limit or of a type no parser reads;
 * - 429 / 503: the route's rate limit, and whether that limit fails closed when Redis is away.
 */
function declaredErrors(route: RouteOptions): number[] {
  const out = new Set<number>([400]);
  const config = (route.config ?? {}) as { access?: string; rateLimit?: { skipOnError?: boolean } };
  // A path parameter may name nothing (or, decoded, another path): 404; or be too long for the router: 414.
  if (/[:*]/.test(route.url)) [404, 414].forEach((s) => out.add(s));
  if (config.access && config.access !== 'public') out.add(401);
  if (config.access === 'admin') out.add(403);
  if ([route.method].flat().some((m) => UNSAFE.has(m))) [403, 413, 415].forEach((s) => out.add(s));
  if (config.rateLimit) {
    out.add(429);
    if (!config.rateLimit.skipOnError) out.add(503);
  }
  return [...out];
}

/**
 * The string gate's rule, stated on every string a request carries: no NUL, no unpaired UTF-16 surrogate (as a
 * Unicode pattern: a paired surrogate is one code point outside the class). A string that has a pattern of its own
 * keeps it and gets this one through allOf.
 */
const STORABLE_PATTERN = '^[^\\u0000\\ud800-\\udfff]*$';

function statesStorable(schema: unknown, depth = 0): void {
  if (!schema || typeof schema !== 'object' || depth > 32) return;
  const s = schema as Record<string, unknown>;
  const isString = s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
  if (isString && s.format !== 'binary' && s.pattern !== STORABLE_PATTERN) {
    if (s.pattern === undefined) s.pattern = STORABLE_PATTERN;
    else if (!(s.allOf as unknown[] | undefined)?.length) s.allOf = [{ pattern: STORABLE_PATTERN }];
  }
  for (const key of ['properties', 'patternProperties'] as const) for (const v of Object.values((s[key] as Record<string, unknown> | undefined) ?? {})) statesStorable(v, depth + 1);
  for (const key of ['items', 'additionalProperties', 'not'] as const) statesStorable(s[key], depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) for (const v of (s[key] as unknown[] | undefined) ?? []) statesStorable(v, depth + 1);
}

/** What a 2xx answer that is not JSON holds: text (CSV, event streams, XML) or bytes (audio, images, stored files). */
function mediaContent(types: readonly string[]): Record<string, { schema: { type: 'string'; format?: 'binary' } }> {
  return Object.fromEntries(types.map((t) => [t, { schema: /^(text\/|application\/xml)/.test(t) ? { type: 'string' } : { type: 'string', format: 'binary' } }]));
}

/**
 * The swagger transform: zod schemas to OpenAPI (fastify-type-provider-zod), plus what every route can answer beyond
 * its handler (declaredErrors, in the API's one error shape) and the media type of answers that are not JSON (a
 * schema's `produces`, e.g. text/csv), so the document states every status and body the route can give.
 */
export function documentRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { schema, route } = input as TransformInput & { route: RouteOptions };
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const declared = (schema.response ?? {}) as Responses;
  const response: Responses = { ...declared };
  const produces = (schema.produces ?? []).filter((t) => !t.includes('json'));
  const bytes = produces.some((t) => !/^(text\/|application\/xml)/.test(t));
  for (const status of [...declaredErrors(route), ...(bytes ? [416] : [])]) response[status] ??= ZApiError;
  for (const part of [schema.body, schema.querystring, schema.params]) documentCleanedText(part as $ZodType | undefined);
  const out = jsonSchemaTransform({ ...input, schema: { ...schema, response } });
  const documented = out.schema.response as Responses;
  // `produces` is for the success only: swagger would give every answer, errors too, its media type.
  delete (out.schema as { produces?: unknown }).produces;
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) statesStorable((out.schema as Record<string, unknown>)[part]);
  const successes = Object.keys(declared).filter((s) => s.startsWith('2'));
  if (produces.length) {
    for (const status of successes.length ? successes : ['200']) documented[status] = { description: 'Default Response', content: mediaContent(produces) };
    // Files and feeds are read with validators (If-None-Match: nothing new), bytes with ranges (part of the file).
    if ([route.method].flat().includes('GET')) documented['304'] = { description: 'Not modified (If-None-Match)', type: 'null' };
    if (bytes) documented['206'] = { description: 'Part of the file (a Range request)', content: mediaContent(produces) };
  } else if (!successes.length) {
    // A route whose success has no schema: documented as an answer without a body.
    documented['200'] = { description: 'Default Response', type: 'null' };
  }
  return out;
}
