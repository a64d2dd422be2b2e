/** A named rate limit: at most `max` attempts per `windowMs`, per signed-in user (else per IP). */
export interface RateLimit {
  max: number;
  windowMs: number;
  /** Refuse (503) when the counter store is unreachable, instead of letting the request through. */
  failClosed: boolean;
  /**
   * Counted per IP whatever cookie the caller sends: a session must not buy a fresh budget for
   * guessing. (Without it: per signed-in member, else per IP.)
   */
  perIp?: true;
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
  /**
   * The spec's 5 per 5 minutes, for guessing: counted per thing guessed (one studio token value, from
   * any IP or account), so one mistyping speaker locks out nobody else.
   */
  authentication: { max: 5, windowMs: 5 * 60_000, failClosed: true },
  /** Sign-in starts and dev sign-ins from one IP: a ceiling an office or school network can live with. */
  sign_in: { max: 30, windowMs: 5 * 60_000, failClosed: true, perIp: true },
  /** Studio-token attempts from one IP, whatever they guess: counted apart from sign-ins. */
  studio_token: { max: 20, windowMs: 5 * 60_000, failClosed: true, perIp: true },
  api_call: { max: 60, windowMs: 60_000, failClosed: false },
  /**
   * Watch in the archive (each counts a view): browsing a few recordings must not run into the forms' 15 a minute,
   * while one caller still cannot pump a recording's view count.
   */
  archive_view: { max: 60, windowMs: 60_000, failClosed: false },
  /** Flyer renders (CPU on the render queue): a week's three flyers, a few times over. */
  flyer_generation: { max: 12, windowMs: 60_000, failClosed: false },
  /** Opening a mailed receipts link (its page, PDFs): a payer's reading pace, per IP. */
  receipts: { max: 60, windowMs: 60_000, failClosed: true, perIp: true },
  /** Mailing a receipts or claim link: per caller, and per address asked for, so nobody fills an inbox. */
  receipts_link: { max: 3, windowMs: 15 * 60_000, failClosed: true },
} as const satisfies Record<string, RateLimit>;

/** One of the named limits. */
export type RateLimitName = keyof typeof RATE_LIMITS;

/** The text a 429 answer carries, as the spec words it. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait before trying again.';
