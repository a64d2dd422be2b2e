import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '../../web/src');

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await sources(p)));
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

describe('addresses outside the site', () => {
  it('are site settings admins edit: no web source holds a Discord invite, contact e-mail or main-site URL', async () => {
    // Placeholders in form fields (you@example.org, https://discord.gg/...) are hints, not addresses.
    const ADDRESS = /https:\/\/discord\.gg\/[\w-]+|[\w.+-]+@(?!example\.org)[\w-]+\.[\w.]+|https:\/\/(?:www\.)?adx[\w-]*\.(?:org|example\.org)/g;
    const found: string[] = [];
    for (const file of await sources(WEB)) {
      for (const m of (await readFile(file, 'utf8')).matchAll(ADDRESS)) found.push(`${relative(WEB, file)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});
