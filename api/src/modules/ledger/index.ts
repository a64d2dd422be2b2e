import type { ApiModule } from '../module';
import { ledgerExportRoutes } from './export';
import { ledgerRoutes } from './routes';
import { ledgerStreamRoutes } from './stream';

/** /api/ledger: the public token ledger's pages and summary, its CSV export and its live stream. */
export const ledgerModule: ApiModule = async (app) => {
  await app.register(ledgerRoutes);
  await app.register(ledgerExportRoutes);
  await app.register(ledgerStreamRoutes);
};
