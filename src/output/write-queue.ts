// Writes with bounded concurrency that start as soon as a file is ready (pages stream out of
// the render stage), with back-pressure so rendered HTML never piles up in memory.
export class WriteQueue {
  private readonly running = new Set<Promise<void>>();
  private error?: unknown;

  constructor(private readonly limit = 32) {}

  /** Starts a write; waits first while `limit` writes are in flight. */
  async add(write: () => Promise<void>): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    if (this.error) throw this.error;
    const p: Promise<void> = write().catch((error: unknown) => {
      this.error ??= error;
    }).finally(() => {
      this.running.delete(p);
    });
    this.running.add(p);
  }

  /** Waits for every write; rethrows the first failure. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.race(this.running);
    if (this.error) throw this.error;
  }
}
