/** An error with an HTTP status; the error handler sends `message` to the client as is (below 500). */
export function httpError(statusCode: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode });
}
