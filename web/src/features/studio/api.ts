import { type TSpeakerAuthResult } from '@app/common/schemas/sessions';
import { ZMissingChunks, type TStudioState, type TStudioTake } from '@app/common/studio';
import { studioApi } from '@app/common/api/studio';
import { sessionsApi } from '@app/common/api/sessions';
import { ApiError, apiErrorFrom, call, csrfHeaders, urlOf } from '../../lib/api';

/** GET /api/studio/state: the studio credential's session and take, or null when there is no valid credential (401). */
export async function fetchStudioState(signal?: AbortSignal): Promise<TStudioState | null> {
  try {
    return await call(studioApi.state, {}, signal);
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 401) return null;
    throw err;
  }
}

/** POST /api/speaker/authenticate with the session token. */
export function authenticateSpeaker(token: string): Promise<TSpeakerAuthResult> {
  return call(sessionsApi.authenticateSpeaker, { body: { token } });
}

/** POST /api/studio/recordings: starts the session's take (or answers the one that is already live). */
export function startTake(): Promise<TStudioTake> {
  return call(studioApi.startTake);
}

/** The finish call's outcome: accepted, or the seqs the server is missing. */
export type FinishOutcome = { accepted: true } | { accepted: false; missing: number[] };

/** POST /api/studio/recordings/:id/finish with the last seq; a 409 answers the missing seqs, other failures throw ApiError. */
export async function finishTake(recordingId: string, finalSeq: number, durationSeconds?: number): Promise<FinishOutcome> {
  const res = await fetch(urlOf(studioApi.finishTake, { params: { id: recordingId } }), {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(await csrfHeaders()) },
    body: JSON.stringify({ final_seq: finalSeq, ...(durationSeconds === undefined ? {} : { duration_seconds: durationSeconds }) }),
    credentials: 'same-origin',
  });
  const text = await res.text();
  if (res.ok) return { accepted: true };
  if (res.status === 409) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const parsed = ZMissingChunks.safeParse(body);
    if (parsed.success && parsed.data.missing.length > 0) return { accepted: false, missing: parsed.data.missing };
  }
  throw apiErrorFrom(res.status, res.statusText, text);
}
