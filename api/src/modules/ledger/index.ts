import type { ApiModule } from '../module';
import { ledgerExportRoutes } from './export';
import { ledgerRoutes } from './routes';
import { ledgerStreamRoutes } from './stream';
import { transparencyRoutes } from './transparency';

/** /api/ledger: the public token ledger's pages and summary, its CSV export, its live stream and its transparency log. */
export const ledgerModule: ApiModule = async (app, opts) => {
  await app.register(ledgerRoutes);
  await app.register(ledgerExportRoutes);
  await app.register(ledgerStreamRoutes);
  await app.register(transparencyRoutes, opts);
};
