import type { RecordingProgressEvent, RecordingStatusEvent } from '@app/common/events';
import type { StudioState, TStudioTake } from '@app/common/studio';
import type { StudioUploader, UploadSnapshot } from './uploader';

/** What the studio page renders and calls. */
export interface StudioRecorder {
  state: StudioState;
  /** Whole seconds recorded (counts while live only). */
  elapsed: number;
  upload: UploadSnapshot | null;
  /** Seconds of recording not yet acknowledged by the server (chunks are 1 s each). */
  backlogSeconds: number;
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

/** Everything the studio keeps between renders that is not itself rendered. */
export interface RecorderRuntime {
  recorder: MediaRecorder | null;
  uploader: StudioUploader | null;
  /** Chunk reads in order (MediaRecorder Blob → bytes is async; seqs must follow recording order). */
  chain: Promise<void>;
  recordingId: string | null;
  state: StudioState;
  /** Finish was accepted: the worker is finalizing. */
  finishing: boolean;
}
