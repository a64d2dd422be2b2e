import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecordingProgressEvent } from '@app/common/events';
import { INGEST_PATH, STUDIO_MEDIA, type StudioState, type TStudioTake } from '@app/common/studio';

export type { StudioRecorder } from './studio-recorder.types';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { startTake } from './api';
import { finishWithResends } from './finish-take';
import { pickMimeType } from './media';
import { openTakePipeline } from './take-pipeline';
import { forgetSavedChunks, uploadSavedChunks } from './take-recovery';
import type { StudioRecorder } from './studio-recorder.types';
import { ingestUrl, type StudioUploader, type UploadSnapshot } from './uploader';
import { PREVIEW_UNAVAILABLE, useCameraPreview } from './use-camera-preview';
import { useTakeGuards } from './use-take-guards';

const START_FAILED = 'Unable to start recording. Please check your camera and microphone permissions.';
const END_FAILED = 'There was an issue ending the recording.';

const STORAGE_STOPPED = 'This device is almost out of storage: the recording was stopped and everything recorded is saved.';
/** Seconds of recording waiting for the server beyond which the studio says the upload is behind. */
export const BACKLOG_WARN_SECONDS = 60;

/** Everything the studio keeps between renders that is not itself rendered. */
interface Runtime {
  recorder: MediaRecorder | null;
  uploader: StudioUploader | null;
  /** Chunk reads in order (MediaRecorder Blob → bytes is async; seqs must follow recording order). */
  chain: Promise<void>;
  recordingId: string | null;
  /** Milliseconds recorded before the current live stretch, and when that stretch began. */
  accumulatedMs: number;
  liveSince: number | null;
  state: StudioState;
  /** Finish was accepted: the worker is finalizing. */
  finishing: boolean;
}

/**
 * The studio's recorder: camera preview, MediaRecorder with the studio's settings, the chunk uploader and the
 * status machine idle → starting → live ⇄ paused → ending → uploading → completed (any failure → error).
 */
export function useStudioRecorder(): StudioRecorder {
  const [state, setStateValue] = useState<StudioState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [upload, setUpload] = useState<UploadSnapshot | null>(null);
  const [finalizing, setFinalizing] = useState(false);
  const [finalizePercent, setFinalizePercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [recordingUrl, setRecordingUrl] = useState<string | null>(null);
  const { preview, previewError, setPreviewError, openPreview, closePreview } = useCameraPreview();
  const rt = useRef<Runtime>({ recorder: null, uploader: null, chain: Promise.resolve(), recordingId: null, accumulatedMs: 0, liveSince: null, state: 'idle', finishing: false });

  const setState = useCallback((s: StudioState) => {
    rt.current.state = s;
    setStateValue(s);
  }, []);

  const elapsedMs = () => rt.current.accumulatedMs + (rt.current.liveSince === null ? 0 : Date.now() - rt.current.liveSince);

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
      if (rt.current.liveSince !== null) {
        rt.current.accumulatedMs = elapsedMs();
        rt.current.liveSince = null;
      }
      releaseRecorder();
      setError(message);
      setState('error');
      console.error(title, message);
      toast({ title, description: message, variant: 'destructive' });
    },
    [releaseRecorder, setState],
  );

  // Leaving the page: the recorder stops and the socket closes; unacknowledged chunks stay in IndexedDB.
  useEffect(() => {
    const runtime = rt.current;
    return () => {
      releaseRecorder();
      runtime.uploader?.close();
    };
  }, [releaseRecorder]);

  // The timer: whole seconds, moving only while live.
  useEffect(() => {
    if (state !== 'live') return;
    const id = window.setInterval(() => setElapsed(Math.floor(elapsedMs() / 1000)), 250);
    return () => window.clearInterval(id);
  }, [state]);

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
    rt.current.accumulatedMs = 0;
    rt.current.liveSince = Date.now();
    setElapsed(0);
    setState('live');
  }, [fail, openPreview, setPreviewError, setState]);

  const pause = useCallback(() => {
    const r = rt.current.recorder;
    if (rt.current.state !== 'live' || !r) return;
    r.pause();
    rt.current.accumulatedMs = elapsedMs();
    rt.current.liveSince = null;
    setElapsed(Math.floor(rt.current.accumulatedMs / 1000));
    setState('paused');
  }, [setState]);

  const resume = useCallback(() => {
    const r = rt.current.recorder;
    if (rt.current.state !== 'paused' || !r) return;
    r.resume();
    rt.current.liveSince = Date.now();
    setState('live');
  }, [setState]);

  const stop = useCallback(async () => {
    const { recorder, uploader, recordingId } = rt.current;
    if ((rt.current.state !== 'live' && rt.current.state !== 'paused') || !recorder || !uploader || !recordingId) return;
    rt.current.accumulatedMs = elapsedMs();
    rt.current.liveSince = null;
    setElapsed(Math.floor(rt.current.accumulatedMs / 1000));
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
      await finishWithResends(recordingId, uploader.lastSeq, uploader, Math.round(rt.current.accumulatedMs / 1000));
      rt.current.finishing = true;
      setFinalizing(true);
      uploader.close();
      await uploader.discard();
    } catch (err) {
      console.error(END_FAILED, err);
      fail(END_FAILED);
    }
  }, [closePreview, fail, setState]);

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
        rt.current.finishing = true;
        setFinalizing(true);
        await forgetSavedChunks(take.recording_id);
      } catch (err) {
        console.error(END_FAILED, err);
        fail(END_FAILED);
      }
    },
    [fail, setState],
  );

  const reset = useCallback(() => {
    if (rt.current.state !== 'error') return;
    releaseRecorder();
    rt.current.uploader?.close();
    rt.current.uploader = null;
    rt.current.recordingId = null;
    rt.current.accumulatedMs = 0;
    rt.current.liveSince = null;
    rt.current.finishing = false;
    setUpload(null);
    setFinalizing(false);
    setFinalizePercent(null);
    setError(null);
    setElapsed(0);
    setState('idle');
    openPreview().catch(() => setPreviewError(PREVIEW_UNAVAILABLE));
  }, [openPreview, releaseRecorder, setPreviewError, setState]);

  const onStatus = useCallback<StudioRecorder['onStatus']>(
    (e) => {
      if (e.recording_id !== rt.current.recordingId) return;
      if (e.status === 'completed' && rt.current.finishing && rt.current.state !== 'completed') {
        setRecordingUrl(e.recording_url ?? null);
        setFinalizePercent(100);
        setState('completed');
        toast({ title: 'Recording Ended', description: 'Your session was saved to the archive.', variant: 'success' });
      } else if (e.status === 'failed') {
        fail(e.error ? `${END_FAILED} ${e.error}` : END_FAILED);
      }
    },
    [fail, setState],
  );

  const onProgress = useCallback((e: RecordingProgressEvent) => {
    if (e.recording_id !== rt.current.recordingId) return;
    setFinalizePercent((p) => Math.max(p ?? 0, Math.min(100, Math.round(e.percent))));
  }, []);

  const adopt = useCallback(
    (take: TStudioTake) => {
      if (rt.current.state !== 'idle') return;
      rt.current.recordingId = take.recording_id;
      if (take.status === 'finalizing') {
        rt.current.finishing = true;
        setFinalizing(true);
        setState('uploading');
      } else if (take.status === 'completed') {
        rt.current.finishing = true;
        setState('completed');
      }
    },
    [setState],
  );

  const backlogSeconds = upload ? Math.round((upload.pendingChunks * STUDIO_MEDIA.timesliceMs) / 1000) : 0;
  return { state, elapsed, upload, backlogSeconds, finalizing, finalizePercent, error, recordingUrl, preview, previewError, start, pause, resume, stop, endLeftover, reset, onStatus, onProgress, adopt };
}
