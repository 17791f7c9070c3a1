/**
 * Group commit for pages fetched side by side: `write(page)` queues a page and answers once it is written; one write
 * runs at a time and takes every page queued meanwhile (up to `maxItems`), so the database sees a few large
 * statements rather than one per page. Pages are written in the order they were queued. After a failed write every
 * page queued then or later is refused with the same error (a run that failed stops writing).
 */
export class GroupWriter<T> {
  private readonly queue: { item: T; done: () => void; fail: (e: unknown) => void }[] = [];
  private busy = false;
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly flush: (items: T[]) => Promise<void>,
    private readonly maxItems: number,
  ) {}

  write(item: T): Promise<void> {
    if (this.failure) return Promise.reject(this.failure.error);
    return new Promise<void>((done, fail) => {
      this.queue.push({ item, done, fail });
      this.next();
    });
  }

  private next(): void {
    if (this.busy || !this.queue.length) return;
    this.busy = true;
    const taken = this.queue.splice(0, this.maxItems);
    this.flush(taken.map((t) => t.item)).then(
      () => {
        for (const t of taken) t.done();
        this.busy = false;
        this.next();
      },
      (error: unknown) => {
        this.failure = { error };
        for (const t of [...taken, ...this.queue.splice(0)]) t.fail(error);
        this.busy = false;
      },
    );
  }
}
