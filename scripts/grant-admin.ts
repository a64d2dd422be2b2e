// `npm run grant-admin -- <discord username>`: gives a member the admin role (they must have signed in once).
import { createDb } from '@app/common/server/db';
import { loadConfigOrExit, parseEnv, ZBaseEnv } from '@app/common/server/env';
import { audit } from '@app/common/server/audit.repository';
import { findUserByUsername, grantAdmin } from '@app/common/server/users.repository';
import { ensureServices } from './lib/services';
import { DATA_DIR } from './lib/paths';

const username = process.argv[2]?.trim();
if (!username) {
  console.error('usage: npm run grant-admin -- <discord username>');
  process.exit(2);
}

// Use DATABASE_URL when given, else the same database npm start uses.
const databaseUrl = process.env.DATABASE_URL
  ? loadConfigOrExit(() => parseEnv(ZBaseEnv.pick({ DATABASE_URL: true }))).DATABASE_URL
  : (await ensureServices({ dataDir: DATA_DIR, log: () => undefined })).databaseUrl;
const db = createDb(databaseUrl, { poolMax: 1 });
try {
  const user = await findUserByUsername(db, username);
  if (!user) {
    console.error(`No member named "${username}": they must sign in once before they can be made admin.`);
    process.exitCode = 1;
  } else {
    await grantAdmin(db, user.id);
    await audit(db, 'admin_role_granted', { userId: user.id }, { reason: 'grant-admin script' });
    console.log(`${user.discord_username} is now an admin.`);
  }
} finally {
  await db.destroy();
}
