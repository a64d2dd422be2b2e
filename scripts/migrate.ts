// `npm run migrate [-- --down]`: applies pending migrations to DATABASE_URL (or rolls back the last batch).
import { createDb, migrateLatest } from '@app/common/server/db';
import { loadConfigOrExit, parseEnv, ZBaseEnv } from '@app/common/server/env';

const config = loadConfigOrExit(() => parseEnv(ZBaseEnv.pick({ DATABASE_URL: true })));
const db = createDb(config.DATABASE_URL, { poolMax: 1 });
try {
  if (process.argv.includes('--down')) {
    const [, undone] = (await db.migrate.rollback()) as [number, string[]];
    console.log(undone.length ? `rolled back: ${undone.join(', ')}` : 'nothing to roll back');
  } else {
    const applied = await migrateLatest(db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'schema is up to date');
  }
} finally {
  await db.destroy();
}
