import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { grantAdmin } from '@app/common/server/users.repository';
import type { Knex } from 'knex';
import { streamHead } from './event-stream';

/** A tiny cookie jar for `inject`: remembers Set-Cookie answers and sends them back. */
class CookieJar {
  readonly cookies = new Map<string, string>();
  store(res: LightMyRequestResponse): void {
    const raw = res.headers['set-cookie'];
    for (const line of [raw ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A signed-in test client: cookie jar plus CSRF token, with helpers that send both. */
export interface Client {
  jar: CookieJar;
  csrf: string | null;
  userId: string | null;
  /** `opts.eventStream`: the route answers an endless event stream; read its head, then hang up (helpers/event-stream.ts). */
  request(method: string, url: string, body?: unknown, headers?: Record<string, string>, opts?: { eventStream?: boolean }): Promise<LightMyRequestResponse>;
}

let clientCount = 0;

/** An anonymous client; each has its own remote address, so per-IP rate limits don't couple tests. */
export function anonymous(app: FastifyInstance, remoteAddress = `10.${(clientCount >> 16) & 255}.${(clientCount >> 8) & 255}.${clientCount++ & 255}`): Client {
  const jar = new CookieJar();
  const client: Client = {
    jar,
    csrf: null,
    userId: null,
    request: async (method, url, body, headers = {}, opts = {}) => {
      const answer = await app.inject({
        method: method as 'GET',
        url,
        remoteAddress,
        headers: { ...(jar.cookies.size ? { cookie: jar.header() } : {}), ...(client.csrf ? { 'x-csrf-token': client.csrf } : {}), ...headers },
        ...(body === undefined ? {} : { payload: body as object }),
        ...(opts.eventStream ? { payloadAsStream: true } : {}),
      });
      const res = opts.eventStream ? await streamHead(answer) : answer;
      jar.store(res);
      return res;
    },
  };
  return client;
}

/** Signs in through the dev sign-in route (the same session machinery as Discord); admin via user_roles. */
export async function signInAs(app: FastifyInstance, db: Knex, username: string, opts: { admin?: boolean; email?: string } = {}): Promise<Client> {
  const client = anonymous(app);
  const res = await client.request('POST', '/api/auth/dev-sign-in', { username, ...(opts.email ? { email: opts.email } : {}) });
  if (res.statusCode !== 200) throw new Error(`dev sign-in failed: ${res.statusCode} ${res.body}`);
  const info = (await client.request('GET', '/api/auth/session')).json() as { user: { id: string }; csrfToken: string };
  client.csrf = info.csrfToken;
  client.userId = info.user.id;
  if (opts.admin) await grantAdmin(db, info.user.id);
  return client;
}
