import { z } from 'zod';
import { STUDIO_API, ZFinishTake, ZStudioState, ZStudioTake } from '../studio';
import { contract } from './contract';

const ZRecordingId = z.object({ id: z.uuid({ error: 'id must be a recording id' }) });

/** The live studio's REST side (speaker access: the studio credential cookie); chunks travel over the ingest socket. */
export const studioApi = {
  startTake: contract({ method: 'POST', path: `${STUDIO_API}/recordings`, response: ZStudioTake }),
  state: contract({ method: 'GET', path: `${STUDIO_API}/state`, response: ZStudioState }),
  /** 202 with the take; 409 with the seqs still missing (ZMissingChunks). */
  finishTake: contract({ method: 'POST', path: `${STUDIO_API}/recordings/:id/finish`, params: ZRecordingId, body: ZFinishTake, response: ZStudioTake }),
};
