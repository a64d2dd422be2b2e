import type { HandlerMap } from '../context';
import { ledgerVerifyTotals } from './ledger-verify-totals';

/** Every job's handler. */
export const handlers: HandlerMap = {
  'ledger.verify-totals': ledgerVerifyTotals,
};
