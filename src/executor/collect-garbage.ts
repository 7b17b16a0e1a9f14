// A full garbage collection of this thread's heap, asked for between stages. V8 collects when
// its heap reaches a limit it sets from the last collection, so after the document workers'
// results have come in (10,000 pages' facts, each a message) the build's thread holds tens of
// MB of garbage through the cards stage that follows, where the process's memory peaks
// (docs/performance.md, "Memory, fifth session"). Node gives no API for it without starting
// with --expose-gc: the flag is set now and `gc` taken from a new context, which gets it (the
// way the `expose-gc` package does it).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
