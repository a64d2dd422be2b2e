import { useCallback, useState } from 'react';
import type { RecordingProgressEvent } from '@app/common/events';
import type { StudioState, TStudioTake } from '@app/common/studio';
import { toast } from '../../components/ui/toast';
import type { RecorderRuntime, StudioRecorder } from './studio-recorder.types';

export const END_FAILED = 'There was an issue ending the recording.';

/**
 * The studio after finish was accepted: the worker's finalize progress and outcome as the socket reports them,
 * and a take found finalizing or finished when the page is opened again. `runtime` reads the recorder's runtime.
 */
export function useFinalizeStatus(runtime: () => RecorderRuntime, setState: (s: StudioState) => void, fail: (message: string) => void) {
  const [finalizing, setFinalizing] = useState(false);
  const [finalizePercent, setFinalizePercent] = useState<number | null>(null);
  const [recordingUrl, setRecordingUrl] = useState<string | null>(null);

  /** Finish was accepted: the worker is finalizing. */
  const markFinishing = useCallback(() => {
    runtime().finishing = true;
    setFinalizing(true);
  }, [runtime]);

  const clearFinalize = useCallback(() => {
    runtime().finishing = false;
    setFinalizing(false);
    setFinalizePercent(null);
  }, [runtime]);

  const onStatus = useCallback<StudioRecorder['onStatus']>(
    (e) => {
      const rt = runtime();
      if (e.recording_id !== rt.recordingId) return;
      if (e.status === 'completed' && rt.finishing && rt.state !== 'completed') {
        setRecordingUrl(e.recording_url ?? null);
        setFinalizePercent(100);
        setState('completed');
        toast({ title: 'Recording Ended', description: 'Your session was saved to the archive.', variant: 'success' });
      } else if (e.status === 'failed') {
        fail(e.error ? `${END_FAILED} ${e.error}` : END_FAILED);
      }
    },
    [fail, runtime, setState],
  );

  const onProgress = useCallback(
    (e: RecordingProgressEvent) => {
      if (e.recording_id !== runtime().recordingId) return;
      setFinalizePercent((p) => Math.max(p ?? 0, Math.min(100, Math.round(e.percent))));
    },
    [runtime],
  );

  const adopt = useCallback(
    (take: TStudioTake) => {
      const rt = runtime();
      if (rt.state !== 'idle') return;
      rt.recordingId = take.recording_id;
      if (take.status === 'finalizing') {
        markFinishing();
        setState('uploading');
      } else if (take.status === 'completed') {
        rt.finishing = true;
        setState('completed');
      }
    },
    [markFinishing, runtime, setState],
  );

  return { finalizing, finalizePercent, recordingUrl, markFinishing, clearFinalize, onStatus, onProgress, adopt };
}
