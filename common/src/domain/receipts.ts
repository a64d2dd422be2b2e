import { sha256 } from '@noble/hashes/sha2.js';
import type { PaymentKind, PaymentStatus } from './payments';

/** Whose payments a statement or page lists: a member's (by user id) or a donor's (by the address their receipts went to). */
export type PayerRef = { userId: string } | { email: string };

/** The owner as one string (the statement job's payload names it so). */
export const ownerOf = (who: PayerRef): string => ('userId' in who ? `user:${who.userId}` : `email:${who.email.toLowerCase()}`);

/** The payer an owner string names. */
export const payerOf = (owner: string): PayerRef => (owner.startsWith('user:') ? { userId: owner.slice(5) } : { email: owner.slice(6) });

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Where a payment's PDF receipt is stored: one per status it was rendered in, so a refund makes a new receipt and
 * the old one is never served for the new state. Receipts are private: served only by the account routes.
 */
export const paymentReceiptKey = (kind: PaymentKind, id: string, status: PaymentStatus): string => `receipts/payments/${kind}-${id}/${status}.pdf`;

/**
 * Where a yearly statement is stored: by a hash of its owner (no address in a key) and the version of the payments it
 * lists (their count and latest change), so a new payment or refund makes a new statement.
 */
export const statementKey = (owner: string, year: number, version: string): string =>
  `receipts/statements/${hex(sha256(new TextEncoder().encode(owner))).slice(0, 32)}/${year}-${version}.pdf`;

/** A render job's id for a receipt key (BullMQ ids may not contain ':'; keys never do). */
export const receiptJobId = (key: string): string => `receipt-${key.replace(/\//g, '_')}`;

/** Whether a storage key is a receipt (never served by the public /files route). */
export const isReceiptKey = (key: string): boolean => key.startsWith('receipts/');

/** The file name a downloaded receipt gets. */
export const receiptFileName = (code: string): string => `receipt-${code}.pdf`;
