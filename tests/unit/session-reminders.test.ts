import { describe, expect, it } from 'vitest';
import { reminderAt, reminderDelay, reminderJobId } from '@app/common/domain/session-reminders';

const start = new Date('2026-06-01T11:00:00Z'); // 7:00 AM EDT

describe('session reminder times', () => {
  it('go out the chosen minutes before the start, or not at all', () => {
    expect(reminderAt(start, 30)?.toISOString()).toBe('2026-06-01T10:30:00.000Z');
    expect(reminderAt(start, 1440)?.toISOString()).toBe('2026-05-31T11:00:00.000Z');
    expect(reminderAt(start, null)).toBeNull();
  });

  it('wait until then; a late RSVP is reminded at once; a session that began gets none', () => {
    expect(reminderDelay(start, 30, new Date('2026-06-01T10:00:00Z'))).toBe(30 * 60_000);
    expect(reminderDelay(start, 30, new Date('2026-06-01T10:50:00Z'))).toBe(0);
    expect(reminderDelay(start, 30, new Date('2026-06-01T11:00:00Z'))).toBeNull();
    expect(reminderDelay(start, null, new Date('2026-06-01T10:00:00Z'))).toBeNull();
  });

  it('name the send time in the job id (no colon, which BullMQ refuses)', () => {
    const id = reminderJobId('s', 'u', reminderAt(start, 30)!);
    expect(id).toBe(`session-reminder-s-u-${Date.parse('2026-06-01T10:30:00Z')}`);
    expect(id).not.toContain(':');
    expect(reminderJobId('s', 'u', reminderAt(start, 10)!)).not.toBe(id);
  });
});
