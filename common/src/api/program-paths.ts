/**
 * The program's public read, without zod: the landing page and the program pages read it as typed JSON and ship no
 * schema code (their JS budget), so they take its URL from here; programApi.current (the contract) uses the same.
 */
export const PROGRAM_PATHS = {
  current: '/api/program',
} as const;
