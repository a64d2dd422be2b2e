import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { TSpeakerAuthResult } from '@app/common/schemas/sessions';
import type { TStudioState } from '@app/common/studio';
import { pageTitle } from '../components/brand';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { fetchStudioState } from '../features/studio/api';
import { Studio } from '../features/studio/Studio';
import { TokenGate } from '../features/studio/TokenGate';

const STATE_KEY = ['studio-state'];
const SPEAKER_KEY = 'adx-studio-speaker';

interface SpeakerNote {
  sessionId: string;
  name: string;
}

/** The speaker's name from this tab's sign-in (the state answer does not carry it), kept across reloads of the tab. */
function readSpeaker(): SpeakerNote | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(SPEAKER_KEY) ?? 'null') as Partial<SpeakerNote> | null;
    return v && typeof v.sessionId === 'string' && typeof v.name === 'string' ? { sessionId: v.sessionId, name: v.name } : null;
  } catch {
    return null;
  }
}

/**
 * /speaker-studio: the token gate, then the recording studio. The studio credential is an httpOnly cookie, so a
 * reload asks the server (GET /api/studio/state): a valid credential goes straight back to the studio.
 */
export default function SpeakerStudio() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: STATE_KEY, queryFn: ({ signal }) => fetchStudioState(signal), staleTime: Infinity });
  const [speaker, setSpeaker] = useState<SpeakerNote | null>(readSpeaker);
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: STATE_KEY }), [queryClient]);

  async function onAuthenticated(result: TSpeakerAuthResult) {
    const name = result.speaker?.discord_username;
    const note = result.session && name ? { sessionId: result.session.id, name } : null;
    setSpeaker(note);
    try {
      if (note) sessionStorage.setItem(SPEAKER_KEY, JSON.stringify(note));
      else sessionStorage.removeItem(SPEAKER_KEY);
    } catch {
      // Storage refused (private mode): the name is shown until a reload only.
    }
    try {
      const fresh = await queryClient.fetchQuery({ queryKey: STATE_KEY, queryFn: ({ signal }) => fetchStudioState(signal), staleTime: 0 });
      if (fresh) return;
    } catch (err) {
      console.error('Failed to load the studio state', err);
    }
    // The credential was just set: show the studio from the authentication answer.
    if (result.session) {
      const fallback: TStudioState = { session: result.session, take: null };
      queryClient.setQueryData(STATE_KEY, fallback);
    }
  }

  let body;
  if (state.isPending) {
    body = (
      <div className="flex min-h-[60vh] items-center justify-center">
        <Spinner size="lg" label="Loading the studio…" />
      </div>
    );
  } else if (state.isError) {
    body = (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <p className="text-slate-700">The studio could not be loaded. Check your connection and try again.</p>
        <Button variant="secondary" onClick={refetch}>
          Try Again
        </Button>
      </div>
    );
  } else if (state.data === null) {
    body = <TokenGate onAuthenticated={onAuthenticated} />;
  } else {
    body = <Studio studio={state.data} speakerName={speaker?.sessionId === state.data.session.id ? speaker.name : null} onCatchUp={refetch} />;
  }
  return (
    <>
      <title>{pageTitle('Speaker Studio')}</title>
      {body}
    </>
  );
}
