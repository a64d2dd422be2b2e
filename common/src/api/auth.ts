import { ZAuthProviders, ZDevSignIn, ZSessionInfo, ZSignInResult } from '../schemas/auth';
import { contract, ZOk } from './contract';

/** The auth module (lib/session.ts reads the session and signs out with plain fetch: it ships on every page, without zod). */
export const authApi = {
  session: contract({ method: 'GET', path: '/api/auth/session', response: ZSessionInfo }),
  providers: contract({ method: 'GET', path: '/api/auth/providers', response: ZAuthProviders }),
  signOut: contract({ method: 'POST', path: '/api/auth/sign-out', response: ZOk }),
  devSignIn: contract({ method: 'POST', path: '/api/auth/dev-sign-in', body: ZDevSignIn, response: ZSignInResult }),
};

/** Where the browser goes to sign in with Discord (a redirect, not a JSON call). */
export const DISCORD_SIGN_IN_PATH = '/api/auth/discord';
