import { useCallback, useEffect, useRef, useState } from 'react';
import { INGEST_PATH, STUDIO_MEDIA, type StudioState, type TStudioTake } from '@app/common/studio';

export type { StudioRecorder } from './studio-recorder.types';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { startTake } from './api';
import { finishWithResends } from './finish-take';
import { pickMimeType } from './media';
import { openTakePipeline } from './take-pipeline';
import { forgetSavedChunks, uploadSavedChunks } from './take-recovery';
import type { RecorderRuntime, StudioRecorder } from './studio-recorder.types';
import { ingestUrl } from './ingest-connection';
import type { UploadSnapshot } from './uploader';
import { PREVIEW_UNAVAILABLE, useCameraPreview } from './use-camera-preview';
import { END_FAILED, useFinalizeStatus } from './use-finalize-status';
import { useTakeClock } from './use-take-clock';
import { useTakeGuards } from './use-take-guards';

const START_FAILED = 'Unable to start recording. Please check your camera and microphone permissions.';

const STORAGE_STOPPED = 'This device is almost out of storage: the recording was stopped and everything recorded is saved.';
/** Seconds of recording waiting for the server beyond which the studio says the upload is behind. */
export const BACKLOG_WARN_SECONDS = 60;

/**
 * The studio's recorder: camera preview, MediaRecorder with the studio's settings, the chunk uploader and the
 * status machine idle → starting → live ⇄ paused → ending → uploading → completed (any failure → error).
 * The recorded-time clock is ./use-take-clock, what follows finish is ./use-finalize-status.
 */
export function useStudioRecorder(): StudioRecorder {
  const [state, setStateValue] = useState<StudioState>('idle');
  const [upload, setUpload] = useState<UploadSnapshot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { preview, previewError, setPreviewError, openPreview, closePreview } = useCameraPreview();
  const rt = useRef<RecorderRuntime>({ recorder: null, uploader: null, chain: Promise.resolve(), recordingId: null, state: 'idle', finishing: false });
  const { elapsed, elapsedMs, begin: beginClock, freeze: freezeClock, halt: haltClock, resume: resumeClock, reset: resetClock } = useTakeClock(state === 'live');

  const runtime = useCallback(() => rt.current, []);

  const setState = useCallback((s: StudioState) => {
    rt.current.state = s;
    setStateValue(s);
  }, []);

  const releaseRecorder = useCallback(() => {
    const r = rt.current.recorder;
    rt.current.recorder = null;
    if (r && r.state !== 'inactive') {
      r.ondataavailable = null;
      r.onstop = null;
      r.onerror = null;
      r.stop();
    }
  }, []);

  const fail = useCallback(
    (message: string, title = 'Error') => {
      if (rt.current.state === 'error' || rt.current.state === 'completed') return;
      freezeClock();
      releaseRecorder();
      setError(message);
      setState('error');
      console.error(title, message);
      toast({ title, description: message, variant: 'destructive' });
    },
    [freezeClock, releaseRecorder, setState],
  );
  const { finalizing, finalizePercent, recordingUrl, markFinishing, clearFinalize, onStatus, onProgress, adopt } = useFinalizeStatus(runtime, setState, fail);

  // Leaving the page: the recorder stops and the socket closes; unacknowledged chunks stay in IndexedDB.
  useEffect(() => {
    const runtime = rt.current;
    return () => {
      releaseRecorder();
      runtime.uploader?.close();
    };
  }, [releaseRecorder]);

  const start = useCallback(async () => {
    if (rt.current.state !== 'idle') return;
    setState('starting');
    setError(null);
    let stream: MediaStream;
    const mimeType = typeof MediaRecorder === 'undefined' ? null : pickMimeType((t) => MediaRecorder.isTypeSupported(t));
    try {
      if (!mimeType) throw new Error('MediaRecorder with WebM or MP4 is not available');
      stream = await openPreview();
    } catch (err) {
      console.error('Recording Failed', err);
      setPreviewError(PREVIEW_UNAVAILABLE);
      fail(START_FAILED, 'Recording Failed');
      return;
    }
    let take: TStudioTake;
    try {
      take = await startTake();
    } catch (err) {
      fail(err instanceof ApiError ? err.message : START_FAILED, 'Recording Failed');
      return;
    }
    if (take.status !== 'recording') {
      fail('This session already has a recording that is no longer live.', 'Recording Failed');
      return;
    }
    rt.current.recordingId = take.recording_id;
    rt.current.finishing = false;
    let pipeline: ReturnType<typeof openTakePipeline>;
    try {
      pipeline = openTakePipeline(take, stream, mimeType, {
        onSnapshot: (snap, uploader) => {
          setUpload(snap);
          if (snap.error && rt.current.uploader === uploader) fail(snap.error);
        },
        onChunk: (read) => {
          rt.current.chain = rt.current.chain.then(read);
        },
        onRecorderError: () => fail('The recording stopped unexpectedly. What was recorded so far was uploaded.'),
      });
    } catch (err) {
      console.error('Recording Failed', err);
      fail(START_FAILED, 'Recording Failed');
      return;
    }
    const { uploader, recorder } = pipeline;
    rt.current.uploader = uploader;
    rt.current.chain = Promise.resolve();
    rt.current.recorder = recorder;
    recorder.start(STUDIO_MEDIA.timesliceMs);
    beginClock();
    setState('live');
  }, [beginClock, fail, openPreview, setPreviewError, setState]);

  const pause = useCallback(() => {
    const r = rt.current.recorder;
    if (rt.current.state !== 'live' || !r) return;
    r.pause();
    haltClock();
    setState('paused');
  }, [haltClock, setState]);

  const resume = useCallback(() => {
    const r = rt.current.recorder;
    if (rt.current.state !== 'paused' || !r) return;
    r.resume();
    resumeClock();
    setState('live');
  }, [resumeClock, setState]);

  const stop = useCallback(async () => {
    const { recorder, uploader, recordingId } = rt.current;
    if ((rt.current.state !== 'live' && rt.current.state !== 'paused') || !recorder || !uploader || !recordingId) return;
    haltClock();
    setState('ending');
    try {
      // The last chunk arrives before 'stop'.
      await new Promise<void>((resolve) => {
        recorder.onstop = () => resolve();
        recorder.stop();
      });
      rt.current.recorder = null;
      await rt.current.chain;
      closePreview();
      if ((rt.current.state as StudioState) !== 'ending') return;
      setState('uploading');
      await uploader.drain();
      if (uploader.lastSeq < 0) throw new Error('Nothing was recorded');
      await finishWithResends(recordingId, uploader.lastSeq, uploader, Math.round(elapsedMs() / 1000));
      markFinishing();
      uploader.close();
      await uploader.discard();
    } catch (err) {
      console.error(END_FAILED, err);
      fail(END_FAILED);
    }
  }, [elapsedMs, haltClock, closePreview, fail, markFinishing, setState]);

  // While live or paused: the screen stays on, leaving asks first, and a device running out of storage stops the take cleanly.
  useTakeGuards(state === 'live' || state === 'paused', () => {
    const { state: st, uploader } = rt.current;
    return Boolean(uploader?.hasUnsent) || st === 'live' || st === 'paused' || st === 'ending' || (st === 'uploading' && !rt.current.finishing);
  }, () => {
    if (rt.current.recorder === null) return;
    toast({ title: 'Recording stopped', description: STORAGE_STOPPED, variant: 'destructive' });
    void stop();
  });

  const endLeftover = useCallback(
    async (take: TStudioTake) => {
      if (rt.current.state !== 'idle') return;
      rt.current.recordingId = take.recording_id;
      setState('uploading');
      try {
        // Chunks this browser saved but the server never acknowledged (a crash, a closed tab) go up first.
        const savedLast = await uploadSavedChunks(ingestUrl(window.location, INGEST_PATH, take.recording_id), take.recording_id);
        await finishWithResends(take.recording_id, Math.max(savedLast, take.next_seq - 1), null);
        markFinishing();
        await forgetSavedChunks(take.recording_id);
      } catch (err) {
        console.error(END_FAILED, err);
        fail(END_FAILED);
      }
    },
    [fail, markFinishing, setState],
  );

  const reset = useCallback(() => {
    if (rt.current.state !== 'error') return;
    releaseRecorder();
    rt.current.uploader?.close();
    rt.current.uploader = null;
    rt.current.recordingId = null;
    resetClock();
    clearFinalize();
    setUpload(null);
    setError(null);
    setState('idle');
    openPreview().catch(() => setPreviewError(PREVIEW_UNAVAILABLE));
  }, [clearFinalize, resetClock, openPreview, releaseRecorder, setPreviewError, setState]);

  const backlogSeconds = upload ? Math.round((upload.pendingChunks * STUDIO_MEDIA.timesliceMs) / 1000) : 0;
  return { state, elapsed, upload, backlogSeconds, finalizing, finalizePercent, error, recordingUrl, preview, previewError, start, pause, resume, stop, endLeftover, reset, onStatus, onProgress, adopt };
}
