import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../factories/index';
import { freshDatabase, type TestDatabase } from '../helpers/db';

const root = path.resolve(__dirname, '../..');
let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
  await buildUser(t.db, { discord_id: '42', discord_username: 'Grace' });
});
afterAll(async () => {
  await t.drop();
});

function grant(name: string) {
  return spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/grant-admin.ts', name], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: t.url },
    timeout: 30_000,
  });
}

describe('npm run grant-admin', () => {
  it('grants the admin role by Discord username (case-insensitive) and audits it', async () => {
    const r = grant('grace');
    expect(r.stdout).toContain('Grace is now an admin.');
    expect(r.status).toBe(0);
    const roles = await t.db('user_roles').join('users', 'users.id', 'user_roles.user_id').where({ discord_username: 'Grace' });
    expect(roles).toMatchObject([{ role: 'admin', is_active: true }]);
    expect(await t.db('security_audit_logs').where({ event_type: 'admin_role_granted' })).toHaveLength(1);
  });

  it('says so when nobody has that name', () => {
    const r = grant('nobody_here');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('No member named "nobody_here"');
  });
});
