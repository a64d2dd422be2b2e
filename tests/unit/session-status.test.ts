import { describe, expect, it } from 'vitest';
import { formatHoursMinutes } from '@app/common/domain/session-status';

describe('manage tab duration', () => {
  it('shows a session under a minute in seconds, not "0m"', () => {
    expect(formatHoursMinutes(9)).toBe('9s');
    expect(formatHoursMinutes(0)).toBe('0s');
    expect(formatHoursMinutes(60)).toBe('1m');
    expect(formatHoursMinutes(3_900)).toBe('1h 05m');
    expect(formatHoursMinutes(null)).toBe('—');
  });
});
