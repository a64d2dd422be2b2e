import {
  ZAccountOverview,
  ZAccountPaymentPage,
  ZAccountPaymentsQuery,
  ZClaimed,
  ZLinkToken,
  ZMailedAnswer,
  ZReceiptsLinkRequest,
  ZReceiptsPage,
  ZReceiptsQuery,
} from '../schemas/account';
import type { PaymentKind } from '../domain/payments';
import { contract } from './contract';

/** The account module: a member's own payments and holdings, and a payer's receipts by mailed link. */
export const accountApi = {
  overview: contract({ method: 'GET', path: '/api/account', response: ZAccountOverview }),
  payments: contract({ method: 'GET', path: '/api/account/payments', query: ZAccountPaymentsQuery, response: ZAccountPaymentPage }),
  claim: contract({ method: 'POST', path: '/api/account/claim', response: ZMailedAnswer }),
  confirmClaim: contract({ method: 'POST', path: '/api/account/claim/confirm', body: ZLinkToken, response: ZClaimed }),
  receipts: contract({ method: 'GET', path: '/api/receipts', query: ZReceiptsQuery, response: ZReceiptsPage }),
  receiptsLink: contract({ method: 'POST', path: '/api/receipts/link', body: ZReceiptsLinkRequest, response: ZMailedAnswer }),
};

/** Where a payment's PDF receipt downloads: the member's own route, or the mailed link's (with its token). */
export function receiptPdfPath(p: { kind: PaymentKind; id: string }, token?: string | null): string {
  return token ? `/api/receipts/payments/${p.kind}/${p.id}/receipt?token=${encodeURIComponent(token)}` : `/api/account/payments/${p.kind}/${p.id}/receipt`;
}

/** Where a yearly statement downloads. */
export function statementPdfPath(year: number, token?: string | null): string {
  return token ? `/api/receipts/statements/${year}?token=${encodeURIComponent(token)}` : `/api/account/statements/${year}`;
}

/** The public ledger filtered to one investor ID (the account page links each of the member's IDs there). */
export const ledgerSearchPath = (investorId: string): string => `/token-ledger?search=${encodeURIComponent(investorId)}`;
