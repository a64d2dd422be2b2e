import { describe, expect, it } from 'vitest';
import { formatLocalDate } from '@app/common/domain/local-date';

describe('dates shown where the viewer is', () => {
  it('shows an evening in the Americas as that day, not the next UTC day', () => {
    expect(formatLocalDate('2026-01-06T02:00:00Z', 'America/Los_Angeles')).toBe('1/5/2026');
    expect(formatLocalDate('2026-01-06T02:00:00Z', 'Europe/Berlin')).toBe('1/6/2026');
    expect(() => formatLocalDate('not a date')).toThrow(RangeError);
  });
});
