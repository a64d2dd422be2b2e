/**
 * Gathers the calls made within one turn of the event loop and serves them with one call of `many` (one
 * statement, one Redis round trip) instead of one each. A caller waits for its own item's answer; when
 * `many` fails, every caller of that batch gets the error (callers that must not share one item's failure
 * retry alone). Batches may overlap: items carry no order.
 */
export class Coalescer<I, O> {
  private pending: Array<{ item: I; resolve: (o: O) => void; reject: (err: unknown) => void }> = [];
  private scheduled = false;

  constructor(
    private readonly many: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 256,
  ) {}

  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // setImmediate runs after the I/O phase: every request whose body arrived in this poll joins the batch.
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const waiting = this.pending;
    this.pending = [];
    for (let i = 0; i < waiting.length; i += this.maxBatch) {
      const batch = waiting.slice(i, i + this.maxBatch);
      this.many(batch.map((w) => w.item)).then(
        (outs) => batch.forEach((w, k) => w.resolve(outs[k]!)),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      );
    }
  }
}
