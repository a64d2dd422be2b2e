import { useState } from 'react';
import { AUDIO_MAX_BYTES, AUDIO_MESSAGES, SPEAKER_AUDIO_CONSTRAINTS, SPEAKER_AUDIO_MIME_TYPE, SPEAKER_AUDIO_TEXT, speakerAudioFileName, type AudioPurpose } from '@app/common/domain/audio';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { meApi } from '@app/common/api/me';
import { ApiError, urlOf } from '../../lib/api';
import { uploadForm } from '../../lib/upload';
import { PROFILE_TEXT } from './texts';
import { formatElapsed, useAudioRecorder } from './use-audio-recorder';

function MicIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" strokeLinecap="round" />
    </svg>
  );
}

function StopIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden="true">
      <rect x="6" y="6" width="12" height="12" rx="2" />
    </svg>
  );
}

/** Why an upload failed, in words a member can act on (the server's own message for a refused file). */
function uploadFailure(err: unknown): string {
  if (err instanceof ApiError && err.statusCode > 0 && err.statusCode < 500 && err.statusCode !== 429) return err.message;
  if (err instanceof ApiError && err.statusCode === 0) return err.message;
  return PROFILE_TEXT.uploadErrorHint;
}

/** What differs between the profile page's recorder and the speaker page's (spec §8, §9). */
const PURPOSE = {
  profile: {
    constraints: undefined,
    mimeTypes: undefined,
    fileName: () => `audio_${Date.now()}.webm`,
    micError: { title: PROFILE_TEXT.micError, description: PROFILE_TEXT.micErrorHint },
    uploadError: (err: unknown) => ({ title: PROFILE_TEXT.uploadError, description: uploadFailure(err) }),
    tooLarge: { title: PROFILE_TEXT.uploadError, description: AUDIO_MESSAGES.tooLarge },
    empty: { title: PROFILE_TEXT.uploadError, description: AUDIO_MESSAGES.empty },
  },
  speaker: {
    constraints: SPEAKER_AUDIO_CONSTRAINTS,
    mimeTypes: [SPEAKER_AUDIO_MIME_TYPE],
    fileName: () => speakerAudioFileName(),
    micError: SPEAKER_AUDIO_TEXT.recordingError,
    uploadError: () => SPEAKER_AUDIO_TEXT.uploadFailed,
    tooLarge: { title: SPEAKER_AUDIO_TEXT.uploadFailed.title, description: AUDIO_MESSAGES.tooLarge },
    empty: { title: SPEAKER_AUDIO_TEXT.uploadFailed.title, description: AUDIO_MESSAGES.empty },
  },
} as const;

/**
 * The owner's Record/Stop toggle. A finished take uploads by itself ('Uploading...' with a progress bar);
 * `onUploaded` gets the new file's URL. `purpose` 'speaker' is the speaker page's recorder: mono 44.1 kHz
 * with echo cancellation and noise suppression, Opus, stored as user-audio/{discord_id}/audio-{timestamp}.webm;
 * its `onUploaded` then saves the profile, and a failure there shows 'Update Failed'.
 */
export function AudioRecorder({ onUploaded, purpose = 'profile' }: { onUploaded: (audioUrl: string) => void | Promise<void>; purpose?: AudioPurpose }) {
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;
  const p = PURPOSE[purpose];

  async function upload(blob: Blob) {
    if (blob.size === 0) {
      toast({ ...p.empty, variant: 'destructive' });
      return;
    }
    if (blob.size > AUDIO_MAX_BYTES) {
      toast({ ...p.tooLarge, variant: 'destructive' });
      return;
    }
    const form = new FormData();
    form.append('audio', blob, p.fileName());
    setProgress(0);
    let audioUrl: string;
    try {
      audioUrl = (await uploadForm(urlOf(meApi.uploadAudio, { query: { purpose: purpose === 'speaker' ? 'speaker' : undefined } }), form, meApi.uploadAudio.response, { onProgress: setProgress })).audioUrl;
    } catch (err) {
      console.error('Error uploading audio:', err);
      toast({ ...p.uploadError(err), variant: 'destructive' });
      setProgress(null);
      return;
    }
    try {
      await onUploaded(audioUrl);
      toast({ title: PROFILE_TEXT.successTitle, description: PROFILE_TEXT.success, variant: 'success' });
    } catch (err) {
      console.error('Error updating profile:', err);
      toast({ ...SPEAKER_AUDIO_TEXT.updateFailed, variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  }

  const recorder = useAudioRecorder({
    constraints: p.constraints,
    mimeTypes: p.mimeTypes,
    onStarted: () => toast({ id: 'profile-recording', title: PROFILE_TEXT.recordingStarted }),
    onRecorded: (blob, reachedLimit) => {
      toast({ id: 'profile-recording', title: reachedLimit ? PROFILE_TEXT.limitReached : PROFILE_TEXT.recordingStopped });
      void upload(blob);
    },
    onFailure: (reason, err) => {
      console.error('Error accessing microphone:', err);
      if (reason === 'unsupported') toast({ title: PROFILE_TEXT.unsupported, description: PROFILE_TEXT.unsupportedHint, variant: 'destructive' });
      else toast({ ...p.micError, variant: 'destructive' });
    },
  });

  const percent = Math.round((progress ?? 0) * 100);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-4">
        {recorder.recording ? (
          <Button variant="destructive" size="lg" onClick={recorder.stop} className="min-w-36">
            <StopIcon />
            {PROFILE_TEXT.stop}
          </Button>
        ) : (
          <Button size="lg" onClick={() => void recorder.start()} loading={recorder.starting} disabled={uploading} className="min-w-36">
            {!recorder.starting && <MicIcon />}
            {PROFILE_TEXT.record}
          </Button>
        )}
        {recorder.recording && (
          <p className="flex items-center gap-2 text-sm font-medium text-red-800" data-testid="recording-status">
            <span className="relative flex h-3 w-3" aria-hidden="true">
              <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-red-500 opacity-60 motion-reduce:animate-none" />
              <span className="relative inline-flex h-3 w-3 rounded-full bg-red-600" />
            </span>
            Recording <span className="font-mono tabular-nums" role="timer" aria-live="off">{formatElapsed(recorder.seconds)}</span>
          </p>
        )}
      </div>
      {uploading && (
        <div role="status" className="flex flex-col gap-2 rounded-lg border border-gold-500/40 bg-gold-50 p-3" data-testid="upload-status">
          <div className="flex items-center justify-between text-sm font-medium text-ink-900">
            <span>{PROFILE_TEXT.uploading}</span>
            <span className="tabular-nums text-slate-600">{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={PROFILE_TEXT.uploading}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-white ring-1 ring-gold-500/30"
          >
            <div className="h-full rounded-full bg-gold-500 transition-[width] duration-200 motion-reduce:transition-none" style={{ width: `${Math.max(percent, 3)}%` }} />
          </div>
        </div>
      )}
    </div>
  );
}
