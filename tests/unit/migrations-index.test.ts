import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../migrations/index';

describe('migrations/index.ts', () => {
  it('lists every migration file, in timestamp order, each reversible', () => {
    const files = readdirSync(path.resolve(__dirname, '../../migrations'))
      .filter((f) => /^\d{14}_.+\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(MIGRATIONS.map(([name]) => name)).toEqual(files);
    for (const [, m] of MIGRATIONS) {
      expect(typeof m.up).toBe('function');
      expect(typeof m.down).toBe('function');
    }
  });
});
