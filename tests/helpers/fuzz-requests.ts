// Generated requests for the route fuzz test (fuzz-routes.test.ts): strings that break naive code, and bodies, query
// strings, path parameters and headers shaped by a route's OpenAPI description.
import fc from 'fast-check';

interface OpenApiParam {
  name: string;
  in: 'query' | 'path' | 'header';
}
export interface OpenApiOperation {
  parameters?: OpenApiParam[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { enum?: unknown[] }> } }> };
}

const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '00000000-0000-4000-8000-000000000000',
  'ADX0001',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\uD800',
  'a\uDC00b',
  'x\u0000y',
  'tab\there\r\nline\u0007bell\u001b[31m\u0085\u009b',
  'bidi \u202Egnp.exe\u202C \u2066iso\u2069 \u200F',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀',
  'a'.repeat(5_000),
  '9'.repeat(40),
  '2026-02-30',
  'https://evil.example/x',
);
/** Characters Postgres cannot store (NUL, lone surrogates), control characters and bidi overrides, spliced into text. */
const hostile = fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u0001', '\u001b', '\u007f', '\u0085', '\u202E', '\u2066', '\u200F');
const spliced = fc.tuple(fc.string({ maxLength: 20 }), hostile, fc.string({ maxLength: 20 })).map(([a, h, b]) => `${a}${h}${b}`);
export const text = fc.oneof(nasty, spliced, fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 20 }));
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)));
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 3 }) },
);

export function bodyFor(op: OpenApiOperation): fc.Arbitrary<{ payload: string | undefined; contentType: string | undefined }> {
  const props = Object.entries(Object.values(op.requestBody?.content ?? {})[0]?.schema?.properties ?? {});
  // An object with the documented fields: each missing, of a valid enum value, or anything at all.
  const shaped = fc.tuple(...props.map(([, s]) => fc.option(s.enum?.length ? fc.oneof(fc.constantFrom(...s.enum), value) : value, { nil: undefined }))).map((vals) =>
    Object.fromEntries(props.map(([k], i) => [k, vals[i]]).filter(([, v]) => v !== undefined)),
  );
  const json = (arb: fc.Arbitrary<unknown>) => arb.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' as string | undefined }));
  return fc.oneof(
    { weight: 5, arbitrary: json(shaped) },
    { weight: 1, arbitrary: json(fc.jsonValue()) },
    { weight: 1, arbitrary: fc.record({ payload: fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'), contentType: fc.constant('application/json') }) },
    { weight: 1, arbitrary: fc.record({ payload: text, contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', 'application/octet-stream') }) },
    { weight: 1, arbitrary: fc.constant({ payload: undefined, contentType: undefined }) },
  );
}

/** encodeURIComponent, with lone surrogates (which it cannot encode) replaced. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

export function queryFor(op: OpenApiParam[]): fc.Arbitrary<string> {
  const names = op.filter((p) => p.in === 'query').map((p) => p.name);
  const key = names.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: text }) : text;
  const val = fc.oneof(text, fc.integer().map(String), fc.constantFrom('true', 'false', '1', '0', '-5', '99999999999', '1.5'));
  return fc.array(fc.tuple(key, val), { maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&'));
}

export function pathFor(url: string): fc.Arbitrary<{ path: string; params: Record<string, string> }> {
  const params = [...url.matchAll(/:(\w+)|\*$/g)];
  const seg = fc.oneof(
    { weight: 3, arbitrary: text.filter((s) => s.length > 0).map(enc) },
    { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '..', '%2e%2e', 'a%2Fb', 'x'.repeat(300)) },
    { weight: 1, arbitrary: fc.uuid() },
  );
  return fc.tuple(...params.map(() => seg)).map((vals) => {
    let i = 0;
    return { path: url.replace(/:(\w+)|\*$/g, () => vals[i++] ?? 'x'), params: Object.fromEntries(params.map((m, j) => [m[1] ?? '*', vals[j] ?? 'x'])) };
  });
}

/** The request as the route reads it (decoded path parameters, parsed query and JSON body), or null when it cannot be read. */
export function asRead(input: { path: { params: Record<string, string> }; query: string; body: { payload: string | undefined; contentType: string | undefined } }) {
  try {
    const params = Object.fromEntries(Object.entries(input.path.params).map(([k, v]) => [k, decodeURIComponent(v)]));
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(input.query)) query[k] = k in query ? [query[k]!, v].flat() : v;
    const body: unknown = input.body.payload === undefined ? undefined : input.body.contentType === 'application/json' ? JSON.parse(input.body.payload) : input.body.payload;
    return { params, query, body, contentType: input.body.contentType };
  } catch {
    return null;
  }
}

export const headers = fc.record(
  {
    accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'image/*', '', 'x/y;q=foo'),
    'accept-language': text,
    'x-request-id': text,
    range: fc.constantFrom('bytes=0-', 'bytes=-0', 'bytes=5-1', 'bytes=abc', 'items=0-1', 'bytes=0-1,2-3'),
    'if-none-match': text,
    'user-agent': text,
    'x-forwarded-for': text,
    'stripe-signature': fc.constantFrom('t=1,v1=abc', 'garbage', ''),
  },
  { requiredKeys: [] },
).map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v))));
