// Progress of the photo variants a first build encodes (the only long stage of a small site):
// one updating line on a terminal, a single line elsewhere (CI logs). Encoding starts while the
// pages render; the count is known, and shown, once they are rendered (the first call may
// already have some done).
export function imageProgress(stream: NodeJS.WriteStream): (done: number, total: number) => void {
  let started = false;
  return (done, total) => {
    if (stream.isTTY) {
      stream.write(`\r\x1b[Kimages: encoding photo variants ${done}/${total}`);
      if (done === total) stream.write('\r\x1b[K');
    } else if (!started) {
      stream.write(`images: encoding ${total} photo variants (first build; kept in .stitch/cache/images)\n`);
    }
    started = true;
  };
}
