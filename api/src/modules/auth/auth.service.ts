import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { audit } from '@app/common/server/audit.repository';
import { endSignInSockets } from '@app/common/server/realtime';
import { createSession, revokeSession, type SessionLifetime } from '@app/common/server/sessions/sessions.repository';
import { grantAdmin, upsertProviderUser, type ProviderProfile } from '@app/common/server/users.repository';
import type { TSessionInfo } from '@app/common/schemas/auth';
import type { LoadedSession } from '@app/common/server/sessions/sessions.repository';

/** The sign-in rooms' sockets (the app's Socket.IO server), ended when a session is replaced. */
type SocketControl = Parameters<typeof endSignInSockets>[0];

/** What sign-in needs from the app's configuration. */
export interface SignInSettings {
  lifetime: SessionLifetime;
  cookieName: string;
  secureCookies: boolean;
  adminDiscordIds: readonly string[];
}

/** Thrown when the member row could not be written ('Failed to create user profile'). */
export class ProfileError extends Error {
  override name = 'ProfileError';
}

/**
 * Signs a provider-verified member in: creates or refreshes the user, grants admin when their
 * Discord id is listed in ADMIN_DISCORD_IDS, starts a fresh session (a new id on every sign-in, so a
 * planted cookie is useless), sets the cookie and writes the audit event.
 */
export async function signIn(
  deps: { db: Knex; sockets: SocketControl },
  req: FastifyRequest,
  reply: FastifyReply,
  profile: ProviderProfile,
  settings: SignInSettings,
): Promise<{ userId: string; created: boolean }> {
  const { db } = deps;
  let user: { id: string; created: boolean };
  try {
    user = await upsertProviderUser(db, profile);
  } catch (err) {
    req.log.error({ err }, 'could not create or update the user profile');
    throw new ProfileError('Failed to create user profile');
  }
  const meta = { ip: req.ip, userAgent: req.headers['user-agent'] };
  if (settings.adminDiscordIds.includes(profile.discordId)) {
    await grantAdmin(db, user.id);
    await audit(db, 'admin_role_granted', { userId: user.id, ...meta }, { reason: 'ADMIN_DISCORD_IDS' });
  }
  if (req.session) {
    // rotate: never keep a pre-sign-in session id, nor the sockets opened under it
    await revokeSession(db, req.session.idHash);
    endSignInSockets(deps.sockets, req.session.idHash);
  }
  const session = await createSession(db, user.id, settings.lifetime, meta);
  reply.setCookie(settings.cookieName, session.id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secureCookies,
    expires: session.expiresAt,
  });
  await audit(db, 'sign_in', { userId: user.id, ...meta }, { provider: profile.discordId.startsWith('dev:') ? 'dev' : 'discord', created: user.created });
  return { userId: user.id, created: user.created };
}

/** The session answer for the web app. */
export function sessionInfo(session: LoadedSession | null): TSessionInfo {
  if (!session) return { user: null, csrfToken: null };
  return {
    user: {
      id: session.userId,
      username: session.username,
      avatar: session.avatar,
      email: session.email,
      created_at: session.createdAt.toISOString(),
      last_sign_in_at: session.lastSignInAt?.toISOString() ?? null,
      isAdmin: session.isAdmin,
    },
    csrfToken: session.csrfToken,
  };
}
