/**
 * An error with an HTTP status whose message is written for the caller: the error handler sends it as is, 5xx
 * included (a 502 that says what the payment provider answered); other 5xx errors get a generic message.
 */
export function httpError(statusCode: number, message: string): Error & { statusCode: number; expose: true } {
  return Object.assign(new Error(message), { statusCode, expose: true as const });
}
