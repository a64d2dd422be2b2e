/**
 * The public ledger's paths, without zod: the ledger page reads its answers as typed JSON and ships no schema code,
 * so it takes its URLs from here rather than from a contract file.
 */
export const LEDGER_PATHS = {
  page: '/api/ledger',
  summary: '/api/ledger/summary',
  stream: '/api/ledger/stream',
  exportCsv: '/api/ledger/export.csv',
  /** The transparency log (docs/ledger-transparency.md). */
  checkpoint: '/ledger/checkpoint',
  key: '/ledger/key',
  checkpoints: '/api/ledger/checkpoints',
  inclusionProof: '/api/ledger/proof/inclusion',
  consistencyProof: '/api/ledger/proof/consistency',
  /** The latest checkpoint with a row's inclusion proof (and consistency from the size a browser saw): Verify's one round trip. */
  rowProof: '/api/ledger/proof/row',
  entries: '/api/ledger/entries',
} as const;

/** The ledger page opened on the verification of the row at log `index` (receipts link here). */
export const ledgerVerifyPath = (index: number): string => `/token-ledger?verify=${index}`;
