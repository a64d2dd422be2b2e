import { accountModule } from './account/index';
import { adminModule } from './admin/index';
import { archiveModule } from './archive/index';
import { authModule } from './auth/index';
import { calendarModule } from './calendar/index';
import { flyersModule } from './flyers/index';
import { formsModule } from './forms/index';
import { healthModule } from './health/index';
import { ledgerModule } from './ledger/index';
import { meModule } from './me/index';
import { membersModule } from './members/index';
import type { ApiModule } from './module';
import { newsletterModule } from './newsletter/index';
import { paymentsModule } from './payments/index';
import { profilesModule } from './profiles/index';
import { programModule } from './program/index';
import { sessionsModule } from './sessions/index';
import { siteModule } from './site/index';
import { studioModule } from './studio/index';

/**
 * Every feature module, one folder each under api/src/modules/ (the folder is the URL's first segment after /api where
 * one exists). A plain list rather than @fastify/autoload: it is type-checked (a module that does not fit ApiModule
 * fails to compile), knip sees every module used, and it works the same under tsx, vitest and bundled JavaScript,
 * where no folder can be scanned. Their order does not matter: each module is encapsulated and only adds routes.
 */
export const MODULES: readonly ApiModule[] = [
  healthModule,
  ledgerModule,
  authModule,
  meModule,
  membersModule,
  profilesModule,
  adminModule,
  paymentsModule,
  sessionsModule,
  calendarModule,
  studioModule,
  archiveModule,
  flyersModule,
  formsModule,
  newsletterModule,
  programModule,
  siteModule,
  accountModule,
];
