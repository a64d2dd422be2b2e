import type { HandlerMap } from '../context';
import { archiveThumbnail } from './archive-thumbnail';
import { flyerRender } from './flyer-render';
import { ledgerRecord } from '@app/common/server/payments/ledger-record';
import { ledgerCheckpoint, requestCheckpoint } from './ledger-checkpoint';
import { ledgerWatchdog } from './ledger-watchdog';
import { ledgerProviderReconcile } from './ledger-provider-reconcile';
import { ledgerReconcile } from './ledger-reconcile';
import { ledgerVerifyTotals } from './ledger-verify-totals';
import { mailSend } from './mail-send';
import { programSeatRefund, programSeatSweep } from './program-seats';
import { receiptRender } from './receipt-render';
import { recordingFinalize } from './recording-finalize';
import { recordingReconcile } from './recording-reconcile';
import { sessionRemindersReconcile } from './session-reminders-reconcile';

/** Every job's handler. */
export const handlers: HandlerMap = {
  // Applies stored provider events (beside the functions it runs); a committed ledger row asks for a checkpoint.
  'ledger.record': (payload, ctx) => ledgerRecord(payload, ctx, () => requestCheckpoint(ctx.db, ctx.ledgerSigner)),
  'ledger.reconcile': ledgerReconcile,
  'ledger.provider-reconcile': ledgerProviderReconcile,
  'ledger.verify-totals': ledgerVerifyTotals,
  'ledger.checkpoint': ledgerCheckpoint,
  'ledger.watchdog': ledgerWatchdog,
  'recording.finalize': recordingFinalize,
  'recording.reconcile': recordingReconcile,
  'flyer.render': flyerRender,
  'archive.thumbnail': archiveThumbnail,
  'receipt.render': receiptRender,
  'mail.send': mailSend,
  'program.seat-refund': programSeatRefund,
  'program.seat-sweep': programSeatSweep,
  'session.reminders-reconcile': sessionRemindersReconcile,
};
