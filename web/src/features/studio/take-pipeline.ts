import { INGEST_PATH, type TStudioTake } from '@app/common/studio';
import { requestPersistentStorage } from './device-guards';
import { indexedDbSpill } from './idb-spill';
import { recorderOptions } from './media';
import { ingestUrl } from './ingest-connection';
import { StudioUploader, type UploadSnapshot } from './uploader';

export interface PipelineHandlers {
  onSnapshot(snapshot: UploadSnapshot, uploader: StudioUploader): void;
  /** A chunk's bytes are read asynchronously: the caller chains `read` so seqs follow recording order. */
  onChunk(read: () => Promise<void>): void;
  onRecorderError(): void;
}

/**
 * A live take's MediaRecorder wired to its uploader (started; the recorder is not). Every chunk is
 * written to IndexedDB before it is sent and deleted on its ack, so a crash loses nothing
 * (take-recovery.ts picks the rest up); persistent storage is asked for so the browser does not evict
 * them. Throws when MediaRecorder refuses the stream or type.
 */
export function openTakePipeline(take: TStudioTake, stream: MediaStream, mimeType: string, on: PipelineHandlers): { uploader: StudioUploader; recorder: MediaRecorder } {
  const recorder = new MediaRecorder(stream, recorderOptions(mimeType));
  void requestPersistentStorage();
  const spill = indexedDbSpill(take.recording_id);
  const uploader: StudioUploader = new StudioUploader({
    url: ingestUrl(window.location, INGEST_PATH, take.recording_id),
    firstSeq: take.next_seq,
    spill,
    ...(spill ? { memoryBudgetBytes: 0 } : {}),
    onChange: (snap) => on.onSnapshot(snap, uploader),
  });
  uploader.start();
  recorder.ondataavailable = (e) => {
    if (e.data.size === 0) return; // MediaRecorder emits empty blobs (around a pause); the server refuses them
    const blob = e.data;
    on.onChunk(async () => {
      uploader.push(new Uint8Array(await blob.arrayBuffer()));
    });
  };
  recorder.onerror = (e) => {
    console.error('MediaRecorder error', e);
    on.onRecorderError();
  };
  return { uploader, recorder };
}
