// A small local stand-in for Discord's OAuth2 (authorize, token, /users/@me), so the real
// @fastify/oauth2 code path runs in tests without the internet. It checks what Discord checks:
// client credentials, redirect_uri, single-use codes, and the PKCE S256 verifier.
import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';

interface FakeDiscordUser {
  id: string;
  username: string;
  avatar?: string | null;
  email?: string | null;
  verified?: boolean;
}

interface Grant {
  user: FakeDiscordUser;
  redirectUri: string;
  challenge: string | undefined;
  used: boolean;
}

export interface FakeDiscord {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorize request signs in as. */
  nextUser: FakeDiscordUser;
  /** When set, /users/@me answers this status instead of the profile. */
  failProfileWith: number | null;
  close(): Promise<void>;
}

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const app: FastifyInstance = Fastify({ logger: false });
  await app.register(formbody);
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, FakeDiscordUser>();
  const state: FakeDiscord = {
    baseUrl: '',
    clientId: '100000000000000001',
    clientSecret: 'fake-discord-secret',
    nextUser: { id: '200000000000000001', username: 'fakeuser', avatar: null, email: 'fake@example.org', verified: true },
    failProfileWith: null,
    close: () => app.close(),
  };

  // The consent screen: a real user would click Authorize; the fake approves at once.
  app.get('/api/oauth2/authorize', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    if (q.client_id !== state.clientId) return reply.status(400).send({ error: 'invalid_client' });
    if (q.response_type !== 'code' || !q.redirect_uri) return reply.status(400).send({ error: 'invalid_request' });
    const scopes = (q.scope ?? '').split(/[ +]/);
    if (!scopes.includes('identify') || !scopes.includes('email')) return reply.status(400).send({ error: 'invalid_scope' });
    if (q.code_challenge_method !== 'S256' || !q.code_challenge) return reply.status(400).send({ error: 'pkce_required' });
    const code = randomBytes(12).toString('hex');
    grants.set(code, { user: { ...state.nextUser }, redirectUri: q.redirect_uri, challenge: q.code_challenge, used: false });
    const target = new URL(q.redirect_uri);
    target.searchParams.set('code', code);
    if (q.state) target.searchParams.set('state', q.state);
    return reply.redirect(target.toString());
  });

  app.post('/api/oauth2/token', async (req, reply) => {
    const body = req.body as Record<string, string | undefined>;
    const basic = req.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
      : [body.client_id, body.client_secret];
    if (basic[0] !== state.clientId || basic[1] !== state.clientSecret) return reply.status(401).send({ error: 'invalid_client' });
    const grant = body.code ? grants.get(body.code) : undefined;
    if (body.grant_type !== 'authorization_code' || !grant || grant.used) return reply.status(400).send({ error: 'invalid_grant' });
    grant.used = true;
    if (body.redirect_uri !== grant.redirectUri) return reply.status(400).send({ error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
    const verifierHash = body.code_verifier ? createHash('sha256').update(body.code_verifier).digest('base64url') : undefined;
    if (verifierHash !== grant.challenge) return reply.status(400).send({ error: 'invalid_grant', error_description: 'code_verifier mismatch' });
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, grant.user);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: 604800, refresh_token: randomBytes(16).toString('hex'), scope: 'identify email' };
  });

  app.get('/api/users/@me', async (req, reply) => {
    if (state.failProfileWith) return reply.status(state.failProfileWith).send({ message: 'fake failure' });
    const token = req.headers.authorization?.replace(/^Bearer /, '');
    const user = token ? tokens.get(token) : undefined;
    if (!user) return reply.status(401).send({ message: '401: Unauthorized', code: 0 });
    return { id: user.id, username: user.username, global_name: user.username, avatar: user.avatar ?? null, email: user.email ?? null, verified: user.verified ?? true };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address() as { port: number };
  state.baseUrl = `http://127.0.0.1:${addr.port}`;
  return state;
}
