import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarApi, memberFeedPath } from '@app/common/api/calendar';
import { feedTokenCreatedAt, reminderMinutes, revokeFeedToken, rotateFeedToken, setReminderMinutes } from '@app/common/server/calendar/session-calendar.repository';
import { followReminders, moveMemberReminders } from '@app/common/server/calendar/session-reminders';
import { revokeFeedSchema, rotateFeedSchema, saveSettingsSchema, settingsSchema } from './schema';

/** The member's calendar settings: when reminders come, and the secret link to their own feed. */
export const calendarSettingsRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const member = { config: { access: 'member' as const } };
  const settings = async (userId: string) => {
    const [minutes, created] = await Promise.all([reminderMinutes(app.db, userId), feedTokenCreatedAt(app.db, userId)]);
    return { reminder_minutes: minutes, feed_created_at: created?.toISOString() ?? null };
  };

  app.get(calendarApi.settings.path, { ...member, schema: settingsSchema }, async (req) => settings(req.session!.userId));

  app.put(calendarApi.saveSettings.path, { ...member, schema: saveSettingsSchema }, async (req) => {
    const userId = req.session!.userId;
    const after = req.body.reminder_minutes;
    const before = await setReminderMinutes(app.db, userId, after);
    if (before !== after) await followReminders(req.log, 'lead time changed', () => moveMemberReminders(app.queues, app.db, userId, before, after));
    return settings(userId);
  });

  app.post(calendarApi.rotateFeed.path, { ...member, schema: rotateFeedSchema }, async (req) => {
    const url = `${publicUrl}${memberFeedPath(await rotateFeedToken(app.db, req.session!.userId))}`;
    return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
  });

  app.delete(calendarApi.revokeFeed.path, { ...member, schema: revokeFeedSchema }, async (req) => {
    await revokeFeedToken(app.db, req.session!.userId);
    return { ok: true as const };
  });
};
