/**
 * The public ledger's paths, without zod: the ledger page reads its answers as typed JSON and ships no schema code,
 * so it takes its URLs from here rather than from a contract file.
 */
export const LEDGER_PATHS = {
  page: '/api/ledger',
  summary: '/api/ledger/summary',
  stream: '/api/ledger/stream',
  exportCsv: '/api/ledger/export.csv',
} as const;
