// Progress of the photo variants a first build encodes (the only long stage of a small site):
// one updating line on a terminal, a single line elsewhere (CI logs).
export function imageProgress(stream: NodeJS.WriteStream): (done: number, total: number) => void {
  return (done, total) => {
    if (stream.isTTY) {
      stream.write(`\r\x1b[Kimages: encoding photo variants ${done}/${total}`);
      if (done === total) stream.write('\r\x1b[K');
    } else if (done === 0) {
      stream.write(`images: encoding ${total} photo variants (first build; kept in .stitch/cache/images)\n`);
    }
  };
}
