/**
 * Gathers the calls made within one turn of the event loop and serves them with one call of `many` (one
 * statement, one Redis round trip) instead of one each. A caller waits for its own item's answer; when
 * `many` fails, every caller of that batch gets the error (callers that must not share one item's failure
 * retry alone). Batches may overlap (items carry no order), up to `maxInFlight` at once: the calls made while that
 * many are in flight wait and form the next batch when one answers, so that under load the batches grow instead of
 * the round trips multiplying. An idle Coalescer serves a lone call at once either way.
 */
export class Coalescer<I, O> {
  private pending: Array<{ item: I; resolve: (o: O) => void; reject: (err: unknown) => void }> = [];
  private scheduled = false;
  private inFlight = 0;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;

  constructor(
    private readonly many: (items: I[]) => Promise<O[]>,
    opts: { maxBatch?: number; maxInFlight?: number } = {},
  ) {
    this.maxBatch = opts.maxBatch ?? 256;
    this.maxInFlight = opts.maxInFlight ?? Number.POSITIVE_INFINITY;
  }

  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.pending.length === 0 || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    // setImmediate runs after the I/O phase: every request whose body arrived in this poll joins the batch.
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    while (this.pending.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.pending.splice(0, this.maxBatch);
      this.inFlight++;
      Promise.resolve()
        .then(() => this.many(batch.map((w) => w.item)))
        .then(
          (outs) => batch.forEach((w, k) => w.resolve(outs[k]!)),
          (err: unknown) => batch.forEach((w) => w.reject(err)),
        )
        .finally(() => {
          this.inFlight--;
          this.schedule();
        });
    }
  }
}
