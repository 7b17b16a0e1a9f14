// stitch dev: not built yet (the "Dev and check" issue). Prints a clear message.
import type { ResolvedConfig } from '../config/resolve-config.ts';

export async function startDevServer(_config: ResolvedConfig, _opts: { port: number; host: string }): Promise<number> {
  process.stderr.write('stitch dev is not yet available: run `npx stitch build && npx stitch preview` meanwhile.\n');
  return 1;
}
