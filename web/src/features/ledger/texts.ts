/** Every user-facing text of the public token ledger page (spec §2 "Token ledger"). */
export const LEDGER_TEXT = {
  title: 'Token Ledger',
  intro: 'A public record of every ADX token purchase. Look up your investor ID to verify yours.',
  loading: 'Loading token ledger...',
  totalInvestors: 'Total Investors',
  totalInvestment: 'Total Investment (USD)',
  totalTokens: 'Total ADX Tokens',
  searchTitle: 'Investor Verification',
  searchLabel: 'Investor ID',
  searchPlaceholder: 'Enter your Investor ID to verify your purchase...',
  searchHelp: 'Investor IDs are codes such as ADX0001: type yours from the start (capitals optional).',
  searchInvalid: 'Investor IDs contain only letters, digits and dashes.',
  clearSearch: 'Clear search',
  searching: 'Searching...',
  noMatchFeedback: 'No matching investor ID found',
  tableCaption: 'Token purchase records',
  scrollHint: 'Swipe sideways to see every column.',
  colInvestorId: 'Investor ID',
  colPurchaseDate: 'Purchase Date',
  colInvestment: 'Investment (USD)',
  colTokens: 'ADX Tokens',
  emptySearch: 'No matching records found.',
  emptyLedger: 'No purchase records available.',
  previous: 'Previous',
  next: 'Next',
  loadError: 'The token ledger could not be loaded right now. Please try again in a moment.',
  retry: 'Try again',
  reversedBadge: 'Refunded',
  reversalBadge: 'Refund',
  downloadCsv: 'Download CSV',
  verify: 'Verify',
  verifyNotFound: 'This row is not in the signed log yet: try again in a minute.',
  ledgerKey: 'Ledger key',
  signedCheckpoint: 'signed checkpoint',
  transparencyNote: 'Every row is in a signed, append-only log that anyone can check offline:',
  footnote:
    'This ledger is public and read-only. Purchase records are entered by the administrators and cannot be changed from this page. Token amounts are shown with up to 8 decimals, investments in US dollars.',
} as const;

/** Rows per ledger page. */
export const LEDGER_PAGE_SIZE = 50;

/** Debounce delay between the last keystroke in the search box and the search. */
export const SEARCH_DEBOUNCE_MS = 250;
