import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecordingProgressEvent, RecordingStatusEvent } from '@app/common/events';
import { INGEST_PATH, STUDIO_MEDIA, type StudioState, type TStudioTake } from '@app/common/studio';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { finishTake, startTake } from './api';
import { indexedDbSpill } from './idb-spill';
import { pickMimeType, recorderOptions, studioConstraints } from './media';
import { ingestUrl, StudioUploader, type UploadSnapshot } from './uploader';

export const START_FAILED = 'Unable to start recording. Please check your camera and microphone permissions.';
export const END_FAILED = 'There was an issue ending the recording.';

/** How many times finish is retried after resending the chunks a 409 named. */
const FINISH_ATTEMPTS = 4;

/** Everything the studio keeps between renders that is not itself rendered. */
interface Runtime {
  preview: MediaStream | null;
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

/** What the studio page renders and calls. */
export interface StudioRecorder {
  state: StudioState;
  /** Whole seconds recorded (counts while live only). */
  elapsed: number;
  upload: UploadSnapshot | null;
  /** True once finish was accepted and the worker is assembling the file. */
  finalizing: boolean;
  finalizePercent: number | null;
  error: string | null;
  recordingUrl: string | null;
  preview: MediaStream | null;
  previewError: string | null;
  start(): Promise<void>;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
  /** Ends a take left live by an earlier page (a reload mid-recording): the server's chunks become the recording. */
  endLeftover(take: TStudioTake): Promise<void>;
  /** From error back to idle. */
  reset(): void;
  /** A recording:status / recording:progress event of this session, or a take from a state refetch. */
  onStatus(e: Pick<RecordingStatusEvent, 'recording_id' | 'status' | 'recording_url' | 'error'>): void;
  onProgress(e: RecordingProgressEvent): void;
  /** Resumes showing a take that is finalizing or finished (page reloaded after Stop). */
  adopt(take: TStudioTake): void;
}

function stopTracks(stream: MediaStream | null): void {
  stream?.getTracks().forEach((t) => t.stop());
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
  const [preview, setPreview] = useState<MediaStream | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const rt = useRef<Runtime>({ preview: null, recorder: null, uploader: null, chain: Promise.resolve(), recordingId: null, accumulatedMs: 0, liveSince: null, state: 'idle', finishing: false });

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

  const openPreview = useCallback(async (): Promise<MediaStream> => {
    if (rt.current.preview && rt.current.preview.getTracks().every((t) => t.readyState === 'live')) return rt.current.preview;
    if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use a camera');
    const stream = await navigator.mediaDevices.getUserMedia(studioConstraints());
    rt.current.preview = stream;
    setPreview(stream);
    setPreviewError(null);
    return stream;
  }, []);

  // The camera preview while the studio is open; the camera is released when the page is left.
  useEffect(() => {
    let cancelled = false;
    openPreview().catch((err: unknown) => {
      if (cancelled) return;
      console.error('Camera preview unavailable', err);
      setPreviewError('Camera and microphone are not available. Allow access in the browser, then press Start.');
    });
    const runtime = rt.current;
    return () => {
      cancelled = true;
      releaseRecorder();
      runtime.uploader?.close();
      stopTracks(runtime.preview);
      runtime.preview = null;
    };
  }, [openPreview, releaseRecorder]);

  // The timer: whole seconds, moving only while live.
  useEffect(() => {
    if (state !== 'live') return;
    const id = window.setInterval(() => setElapsed(Math.floor(elapsedMs() / 1000)), 250);
    return () => window.clearInterval(id);
  }, [state]);

  // Leaving while chunks are unsent (or the take is still recording) loses them: the browser asks first.
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      const { state: s, uploader } = rt.current;
      if (uploader?.hasUnsent || s === 'live' || s === 'paused' || s === 'ending' || (s === 'uploading' && !rt.current.finishing)) {
        e.preventDefault();
        e.returnValue = '';
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const start = useCallback(async () => {
    if (rt.current.state !== 'idle') return;
    setState('starting');
    setError(null);
    let stream: MediaStream;
    const mimeType = typeof MediaRecorder === 'undefined' ? null : pickMimeType((t) => MediaRecorder.isTypeSupported(t));
    try {
      if (!mimeType) throw new Error('MediaRecorder with WebM is not available');
      stream = await openPreview();
    } catch (err) {
      console.error('Recording Failed', err);
      setPreviewError('Camera and microphone are not available. Allow access in the browser, then try again.');
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
    const uploader = new StudioUploader({
      url: ingestUrl(window.location, INGEST_PATH, take.recording_id),
      firstSeq: take.next_seq,
      spill: indexedDbSpill(take.recording_id),
      onChange: (snap) => {
        setUpload(snap);
        if (snap.error && rt.current.uploader === uploader) fail(snap.error);
      },
    });
    rt.current.uploader = uploader;
    rt.current.chain = Promise.resolve();
    uploader.start();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, recorderOptions(mimeType));
    } catch (err) {
      console.error('Recording Failed', err);
      fail(START_FAILED, 'Recording Failed');
      return;
    }
    recorder.ondataavailable = (e) => {
      if (e.data.size === 0) return;
      const blob = e.data;
      rt.current.chain = rt.current.chain.then(async () => {
        uploader.push(new Uint8Array(await blob.arrayBuffer()));
      });
    };
    recorder.onerror = (e) => {
      console.error('MediaRecorder error', e);
      fail('The recording stopped unexpectedly. What was recorded so far was uploaded.');
    };
    rt.current.recorder = recorder;
    recorder.start(STUDIO_MEDIA.timesliceMs);
    rt.current.accumulatedMs = 0;
    rt.current.liveSince = Date.now();
    setElapsed(0);
    setState('live');
  }, [fail, openPreview, setState]);

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

  /** Sends finish until accepted, resending what a 409 names; throws when it cannot. */
  const finish = useCallback(async (recordingId: string, finalSeq: number, uploader: StudioUploader | null, durationSeconds?: number) => {
    for (let attempt = 0; attempt < FINISH_ATTEMPTS; attempt++) {
      const outcome = await finishTake(recordingId, finalSeq, durationSeconds);
      if (outcome.accepted) return;
      if (!uploader) throw new Error(`The server is missing chunks ${outcome.missing.join(', ')}`);
      const lost = uploader.resend(outcome.missing);
      if (lost.length > 0) throw new Error(`The server is missing chunks ${lost.join(', ')} that this browser no longer holds`);
      await uploader.drain();
    }
    throw new Error('The server kept reporting missing chunks');
  }, []);

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
      stopTracks(rt.current.preview);
      rt.current.preview = null;
      setPreview(null);
      if ((rt.current.state as StudioState) !== 'ending') return;
      setState('uploading');
      await uploader.drain();
      if (uploader.lastSeq < 0) throw new Error('Nothing was recorded');
      await finish(recordingId, uploader.lastSeq, uploader, Math.round(rt.current.accumulatedMs / 1000));
      rt.current.finishing = true;
      setFinalizing(true);
      uploader.close();
      await uploader.discard();
    } catch (err) {
      console.error(END_FAILED, err);
      fail(END_FAILED);
    }
  }, [fail, finish, setState]);

  const endLeftover = useCallback(
    async (take: TStudioTake) => {
      if (rt.current.state !== 'idle') return;
      rt.current.recordingId = take.recording_id;
      setState('uploading');
      try {
        await finish(take.recording_id, take.next_seq - 1, null);
        rt.current.finishing = true;
        setFinalizing(true);
      } catch (err) {
        console.error(END_FAILED, err);
        fail(END_FAILED);
      }
    },
    [fail, finish, setState],
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
    openPreview().catch(() => setPreviewError('Camera and microphone are not available. Allow access in the browser, then press Start.'));
  }, [openPreview, releaseRecorder, setState]);

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

  return { state, elapsed, upload, finalizing, finalizePercent, error, recordingUrl, preview, previewError, start, pause, resume, stop, endLeftover, reset, onStatus, onProgress, adopt };
}
