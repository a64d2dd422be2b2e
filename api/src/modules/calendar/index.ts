import type { ApiModule } from '../module';
import { calendarFeedRoutes } from './feeds';
import { calendarRoutes } from './routes';
import { calendarSettingsRoutes } from './settings';

/**
 * The sessions members attend: the upcoming list, RSVPs, each member's reminder setting and feed link, and the
 * iCalendar feeds (/api/calendar).
 */
export const calendarModule: ApiModule = async (app, { config }) => {
  await app.register(calendarRoutes);
  await app.register(calendarSettingsRoutes, { publicUrl: config.publicUrl });
  await app.register(calendarFeedRoutes, { site: { publicUrl: config.publicUrl, productName: config.PRODUCT_NAME } });
};
