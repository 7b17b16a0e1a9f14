// Progress of the photo variants a first build encodes (the only long stage of a small site):
// one updating line with a bar on a terminal; in a log (CI), a line when the count is known and
// one when the last variant is written (the stage's time is on the closing "stages:" line).
// Encoding starts while the pages render; the count is known, and shown, once they are rendered
// (the first call may already have some done).
export function imageProgress(stream: NodeJS.WriteStream): (done: number, total: number) => void {
  let started = false;
  return (done, total) => {
    if (stream.isTTY) {
      stream.write(`\r\x1b[Kimages: encoding photo variants ${bar(done, total)} ${done}/${total}`);
      if (done === total) stream.write('\r\x1b[K');
    } else {
      if (!started) stream.write(`images: encoding ${total} photo variants (first build; kept in .stitch/cache/images)\n`);
      if (done === total) stream.write(`images: ${total} photo variants encoded\n`);
    }
    started = true;
  };
}

const BAR_WIDTH = 20;

/** "[#####---------------]": the share done, in BAR_WIDTH characters. */
function bar(done: number, total: number): string {
  const full = total > 0 ? Math.min(BAR_WIDTH, Math.round((BAR_WIDTH * done) / total)) : BAR_WIDTH;
  return `[${'#'.repeat(full)}${'-'.repeat(BAR_WIDTH - full)}]`;
}
