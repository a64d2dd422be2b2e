import { describe, expect, it } from 'vitest';
import { easternTime, nextSessionDay, SESSION_TIME_LABEL, sessionTime } from '@app/common/domain/session-time';

describe('sessionTime', () => {
  it('says EDT before the clocks go back on 1 November 2026 and EST after', () => {
    expect(sessionTime('2026-10-30', 'America/New_York')).toEqual({ start: new Date('2026-10-30T11:00:00Z'), eastern: '7:00 AM Eastern Time (EDT)', viewer: null });
    expect(sessionTime('2026-11-02', 'America/New_York')).toEqual({ start: new Date('2026-11-02T12:00:00Z'), eastern: '7:00 AM Eastern Time (EST)', viewer: null });
  });

  it('says EST before the clocks go forward on 8 March 2026 and EDT after', () => {
    expect(sessionTime('2026-03-06', 'UTC')).toMatchObject({ start: new Date('2026-03-06T12:00:00Z'), eastern: '7:00 AM Eastern Time (EST)' });
    expect(sessionTime('2026-03-09', 'UTC')).toMatchObject({ start: new Date('2026-03-09T11:00:00Z'), eastern: '7:00 AM Eastern Time (EDT)' });
  });

  it("gives the viewer's own time, with each zone's own changes (Berlin changes a week before New York)", () => {
    expect(sessionTime('2026-07-01', 'Europe/Berlin').viewer).toBe('1:00 PM GMT+2');
    expect(sessionTime('2026-10-30', 'Europe/Berlin').viewer).toBe('12:00 PM GMT+1');
    expect(sessionTime('2026-11-02', 'Europe/Berlin').viewer).toBe('1:00 PM GMT+1');
    expect(sessionTime('2026-11-02', 'America/Los_Angeles').viewer).toBe('4:00 AM PST');
  });

  it('names the weekday when the session falls on another day for the viewer', () => {
    expect(sessionTime('2026-11-02', 'Pacific/Auckland').viewer).toBe('Tue, 1:00 AM GMT+13');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => sessionTime('2 Nov 2026')).toThrow(RangeError);
  });

  it('has a label without a date that names no season', () => {
    expect(SESSION_TIME_LABEL).toBe('7:00 AM Eastern Time');
  });
});

describe('nextSessionDay', () => {
  it('is today until the session is over, then the next Monday, Wednesday or Friday', () => {
    expect(nextSessionDay(new Date('2026-11-02T12:10:00Z'))).toBe('2026-11-02');
    expect(nextSessionDay(new Date('2026-11-02T12:15:00Z'))).toBe('2026-11-04');
    // Saturday evening in New York, already Sunday in UTC.
    expect(nextSessionDay(new Date('2026-11-08T02:00:00Z'))).toBe('2026-11-09');
  });

  it('can ask for one weekday', () => {
    expect(nextSessionDay(new Date('2026-11-02T12:10:00Z'), 'Friday')).toBe('2026-11-06');
    expect(nextSessionDay(new Date('2026-11-06T13:00:00Z'), 'Friday')).toBe('2026-11-13');
  });
});

describe('easternTime', () => {
  it('reads any moment on the New York clock with the abbreviation of its date', () => {
    expect(easternTime(new Date('2026-10-30T11:00:00Z'))).toBe('7:00 AM EDT');
    expect(easternTime(new Date('2026-11-02T12:00:00Z'))).toBe('7:00 AM EST');
    expect(easternTime(new Date('2026-11-02T23:30:00Z'), true)).toBe('Monday, November 2, 2026 at 6:30 PM EST');
  });
});
