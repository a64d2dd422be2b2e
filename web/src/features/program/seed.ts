import { createContext } from 'react';
import type { TProgramView } from '@app/common/schemas/program';

/** The id of the `<script type="application/json">` that carries the program seed (data, not code: the CSP allows it). */
export const PROGRAM_SEED_ID = 'program-seed';

/** The server render's program view (null outside a seeded render). */
export const ServerProgram = createContext<TProgramView | null>(null);
