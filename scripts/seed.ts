// `npm run seed`: inserts the demo data into DATABASE_URL (idempotent).
import { createDb } from '@app/common/server/db';
import { loadConfigOrExit, parseEnv, ZBaseEnv } from '@app/common/server/env';
import { seedDemo } from './lib/seed';

const config = loadConfigOrExit(() => parseEnv(ZBaseEnv.pick({ DATABASE_URL: true })));
const db = createDb(config.DATABASE_URL, { poolMax: 1 });
try {
  console.log(await seedDemo(db));
} finally {
  await db.destroy();
}
