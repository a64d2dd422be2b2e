/** A named rate limit: at most `max` attempts per `windowMs`, per signed-in user (else per IP). */
export interface RateLimit {
  max: number;
  windowMs: number;
  /** Refuse (503) when the counter store is unreachable, instead of letting the request through. */
  failClosed: boolean;
}

/**
 * The spec's table. The spec's 'investment' name had no limit and so always passed: investment
 * creation uses `payment` here. Money-moving and sign-in limits fail closed (the spec's check failed
 * open); plain API calls fail open so reads keep working while Redis is away.
 */
export const RATE_LIMITS = {
  payment: { max: 5, windowMs: 60_000, failClosed: true },
  donation: { max: 10, windowMs: 60_000, failClosed: true },
  form_submission: { max: 15, windowMs: 60_000, failClosed: true },
  authentication: { max: 5, windowMs: 5 * 60_000, failClosed: true },
  api_call: { max: 60, windowMs: 60_000, failClosed: false },
  /** Flyer renders (CPU on the render queue): a week's three flyers, a few times over. */
  flyer_generation: { max: 12, windowMs: 60_000, failClosed: false },
} as const satisfies Record<string, RateLimit>;

/** One of the named limits. */
export type RateLimitName = keyof typeof RATE_LIMITS;

/** The text a 429 answer carries, as the spec words it. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait before trying again.';
