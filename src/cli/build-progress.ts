// The progress of `stitch build`, on stderr (stdout keeps the report): a line per stage as it
// finishes (its name, what it made, its time); on a terminal, under those lines, one live line
// with the counts of the long stages (photos 120/330 · cards 40/74). In CI (no terminal, or
// `CI` set) only the lines: a log gets no carriage returns.
import type { ProgressEvent } from '../pipeline/state.ts';

export class BuildProgress {
  /** The long stages' counts, shown on the live line until their stage's line is printed. */
  private readonly counts = new Map<string, { done: number; total: number }>();
  private liveShown = false;

  constructor(private readonly stream: NodeJS.WriteStream, private readonly live: boolean) {}

  /** For BuildOptions.onProgress. */
  readonly onProgress = (event: ProgressEvent): void => {
    if (event.type === 'count') {
      this.counts.set(event.what, { done: event.done, total: event.total });
      this.redraw();
      return;
    }
    this.counts.delete(event.stage);
    this.clear();
    this.stream.write(`${event.stage}: ${event.made} (${(event.ms / 1000).toFixed(2)} s)\n`);
    this.redraw();
  };

  /** Takes the live line away (before the report). */
  end(): void {
    this.counts.clear();
    this.clear();
  }

  private redraw(): void {
    if (!this.live) return;
    const line = [...this.counts].filter(([, c]) => c.total > 0).map(([what, c]) => `${what} ${c.done}/${c.total}`).join(' · ');
    if (!line) return this.clear();
    this.stream.write(`\r\x1b[K${line}`);
    this.liveShown = true;
  }

  private clear(): void {
    if (this.liveShown) this.stream.write('\r\x1b[K');
    this.liveShown = false;
  }
}
