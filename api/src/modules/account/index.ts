import { linkSecretOf } from '@app/common/server/link-secret';
import type { ApiModule } from '../module';
import { receiptsRoutes } from './receipts';
import { accountRoutes } from './routes';
import { ReceiptFiles } from './service';

/** /api/account (a member's payments, holdings and receipts) and /api/receipts (a payer's, by a mailed link). */
export const accountModule: ApiModule = async (app, { config }) => {
  const files = new ReceiptFiles(app, { url: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  const linkSecret = linkSecretOf(config);
  await app.register(accountRoutes, { files, linkSecret });
  await app.register(receiptsRoutes, { files, linkSecret });
};
