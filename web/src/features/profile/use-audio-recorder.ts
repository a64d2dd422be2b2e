import { useCallback, useEffect, useRef, useState } from 'react';
import { AUDIO_MAX_BYTES, RECORDER_TIMESLICE_MS } from '@app/common/domain/audio';

/** Why recording could not start: no microphone access, or no WebM recording in this browser. */
type RecorderFailure = 'microphone' | 'unsupported';

/** Options of {@link useAudioRecorder}. */
export interface AudioRecorderOptions {
  onStarted?: () => void;
  /** The finished recording (audio/webm) and whether it stopped by itself at the size limit. */
  onRecorded: (blob: Blob, reachedLimit: boolean) => void;
  onFailure: (reason: RecorderFailure, error: unknown) => void;
  /** getUserMedia audio constraints; default `true` (the browser's default settings). */
  constraints?: MediaTrackConstraints | true;
  /** Recording types to try, in order; default Opus WebM, then any WebM. */
  mimeTypes?: readonly string[];
}

/** Stops short of the upload limit, leaving room for the last chunk and the form's framing. */
const STOP_AT_BYTES = AUDIO_MAX_BYTES - 512 * 1024;

const DEFAULT_TYPES = ['audio/webm;codecs=opus', 'audio/webm'] as const;

function webmType(types: readonly string[]): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  for (const t of types) if (MediaRecorder.isTypeSupported(t)) return t;
  return null;
}

/**
 * Records the microphone with MediaRecorder as audio/webm in 1 s chunks (RECORDER_TIMESLICE_MS), with the
 * browser's default settings unless `constraints` / `mimeTypes` say otherwise (the speaker page's
 * SPEAKER_AUDIO_CONSTRAINTS), stopping by itself before the 10 MB upload limit. `seconds` counts while recording.
 */
export function useAudioRecorder(opts: AudioRecorderOptions) {
  const [recording, setRecording] = useState(false);
  const [starting, setStarting] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const optsRef = useRef(opts);
  useEffect(() => {
    optsRef.current = opts;
  });

  const releaseMic = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
  }, []);

  // Leaving the page mid-recording drops the take and frees the microphone.
  useEffect(
    () => () => {
      const r = recorderRef.current;
      recorderRef.current = null;
      if (r && r.state !== 'inactive') {
        r.ondataavailable = null;
        r.onstop = null;
        r.stop();
      }
      releaseMic();
    },
    [releaseMic],
  );

  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const id = window.setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => window.clearInterval(id);
  }, [recording]);

  const start = useCallback(async () => {
    if (recorderRef.current || starting) return;
    const mimeType = webmType(optsRef.current.mimeTypes ?? DEFAULT_TYPES);
    if (!mimeType || !navigator.mediaDevices?.getUserMedia) {
      optsRef.current.onFailure('unsupported', new Error('MediaRecorder with audio/webm is not available'));
      return;
    }
    setStarting(true);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: optsRef.current.constraints ?? true });
    } catch (err) {
      setStarting(false);
      optsRef.current.onFailure('microphone', err);
      return;
    }
    streamRef.current = stream;
    const recorder = new MediaRecorder(stream, { mimeType });
    const chunks: Blob[] = [];
    let bytes = 0;
    let reachedLimit = false;
    recorder.ondataavailable = (e) => {
      if (e.data.size === 0) return;
      chunks.push(e.data);
      bytes += e.data.size;
      if (bytes >= STOP_AT_BYTES && recorder.state === 'recording') {
        reachedLimit = true;
        recorder.stop();
      }
    };
    recorder.onstop = () => {
      recorderRef.current = null;
      releaseMic();
      setRecording(false);
      optsRef.current.onRecorded(new Blob(chunks, { type: 'audio/webm' }), reachedLimit);
    };
    recorderRef.current = recorder;
    recorder.start(RECORDER_TIMESLICE_MS);
    setSeconds(0);
    setStarting(false);
    setRecording(true);
    optsRef.current.onStarted?.();
  }, [releaseMic, starting]);

  const stop = useCallback(() => {
    const r = recorderRef.current;
    if (r && r.state !== 'inactive') r.stop();
  }, []);

  return { recording, starting, seconds, start, stop };
}

/** Seconds as m:ss. */
export function formatElapsed(total: number): string {
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
