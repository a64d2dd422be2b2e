import type { HandlerMap } from '../context';
import { archiveThumbnail } from './archive-thumbnail';
import { flyerRender } from './flyer-render';
import { ledgerCheckpoint } from './ledger-checkpoint';
import { ledgerWatchdog } from './ledger-watchdog';
import { ledgerProviderReconcile } from './ledger-provider-reconcile';
import { ledgerReconcile } from './ledger-reconcile';
import { ledgerRecord } from './ledger-record';
import { ledgerVerifyTotals } from './ledger-verify-totals';
import { mailSend } from './mail-send';
import { programSeatRefund, programSeatSweep } from './program-seats';
import { receiptRender } from './receipt-render';
import { recordingFinalize } from './recording-finalize';
import { recordingReconcile } from './recording-reconcile';
import { sessionRemindersReconcile } from './session-reminders-reconcile';

/** Every job's handler. */
export const handlers: HandlerMap = {
  'ledger.record': ledgerRecord,
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
