import { describe, expect, it } from 'vitest';
import { progressDuration } from '@app/common/server/media/remux';

describe('progressDuration (the remux result\'s duration from ffmpeg\'s -progress report)', () => {
  it('reads out_time_us of the final block', () => {
    const report = ['out_time_us=500000', 'out_time=00:00:00.500000', 'progress=continue', 'out_time_us=7301000', 'out_time_ms=7301000', 'out_time=00:00:07.301000', 'progress=end', ''].join('\n');
    expect(progressDuration(report)).toBe(7.301);
  });

  it('is null without a final block, or when the final block states no time', () => {
    expect(progressDuration('out_time_us=500000\nprogress=continue\n')).toBeNull();
    expect(progressDuration('out_time_us=N/A\nprogress=end\n')).toBeNull();
    expect(progressDuration('')).toBeNull();
    expect(progressDuration('out_time_us=500000\nprogress=continue\nout_time_us=N/A\nprogress=end\n')).toBeNull();
  });
});
