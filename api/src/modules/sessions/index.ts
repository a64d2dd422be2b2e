import type { ApiModule } from '../module';
import { speakerInvitationRoutes } from './invitation';
import { sessionRoutes } from './routes';
import { speakerAuthRoutes } from './speaker-auth';
import { speakerProfileRoutes } from './speaker-profiles';

/**
 * Speaker sessions: the admins' /api/speaker-sessions (and their invitations), a speaker's token sign-in
 * (/api/speaker/authenticate) and the speaker profiles (/api/speakers).
 */
export const sessionsModule: ApiModule = async (app, { production }) => {
  await app.register(sessionRoutes);
  await app.register(speakerAuthRoutes, { secureCookies: production });
  await app.register(speakerProfileRoutes);
  await app.register(speakerInvitationRoutes);
};
