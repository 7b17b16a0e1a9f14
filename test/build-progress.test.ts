// A long build shows progress (issue 26, item 5): a line per stage as it finishes (name, what it
// made, time) on stderr; on a terminal also one live line with the counts of the long stages;
// in CI (no terminal, or CI set) only the lines. stdout keeps the report alone.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuildProgress } from '../src/cli/build-progress.ts';
import { resolveConfig } from '../src/config/resolve-config.ts';
import { contentTree } from './helpers/build-site.ts';
import { runCli } from './helpers/run-cli.ts';

const STAGES = ['content', 'link', 'images', 'routes', 'warnings', 'bundle', 'render', 'photos', 'cards', 'links', 'write'];

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream };
}

describe('build progress', () => {
  it('a build whose stderr is not a terminal prints one line per stage, in order, with what it made and its time; nothing live', () => {
    const content = contentTree({}, 'test/fixtures/mini');
    const out = join(mkdtempSync(join(tmpdir(), 'stitch-progress-')), 'dist');
    const r = runCli(['build', '--content', content, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => /^[a-z]+: .* \(\d+\.\d\d s\)$/.test(l));
    // photos and cards run side by side: either may finish first.
    const order = lines.map((l) => l.split(':')[0]);
    expect(order.filter((s) => s !== 'photos' && s !== 'cards')).toEqual(STAGES.filter((s) => s !== 'photos' && s !== 'cards'));
    const sideBySide = order.indexOf('render') + 1;
    expect(order.slice(sideBySide, sideBySide + 2).sort()).toEqual(['cards', 'photos']);
    expect(lines[0]).toMatch(/^content: \d+ posts? and \d+ locations? \(\d+\.\d\d s\)$/);
    expect(lines).toContainEqual(expect.stringMatching(/^render: \d+ pages rendered \(/));
    expect(lines).toContainEqual(expect.stringMatching(/^warnings: \d+ warnings? \(/));
    expect(lines).toContainEqual(expect.stringMatching(/^cards: \d+ cards, \d+ drawn \(/));
    expect(r.stderr).not.toContain('\r');
    expect(r.stdout).toMatch(/^Built \d+ pages/);
    expect(r.stdout).not.toMatch(/^content:/m);
  });

  it('on a terminal: one live line with the counts (photos, cards), the stage lines above it, cleared at the end', () => {
    const { written, stream: out } = stream(true);
    const progress = new BuildProgress(out, true);
    progress.onProgress({ type: 'count', what: 'photos', done: 1, total: 4 });
    progress.onProgress({ type: 'count', what: 'cards', done: 1, total: 3 });
    progress.onProgress({ type: 'count', what: 'photos', done: 4, total: 4 });
    progress.onProgress({ type: 'stage', stage: 'photos', made: '4 photo variants encoded', ms: 1234 });
    progress.onProgress({ type: 'count', what: 'cards', done: 3, total: 3 });
    progress.onProgress({ type: 'stage', stage: 'cards', made: '3 cards, 3 drawn', ms: 2000 });
    progress.end();
    expect(written.join('')).toBe(
      '\r\x1b[Kphotos 1/4'
      + '\r\x1b[Kphotos 1/4 · cards 1/3'
      + '\r\x1b[Kphotos 4/4 · cards 1/3'
      + '\r\x1b[Kphotos: 4 photo variants encoded (1.23 s)\n\r\x1b[Kcards 1/3'
      + '\r\x1b[Kcards 3/3'
      + '\r\x1b[Kcards: 3 cards, 3 drawn (2.00 s)\n',
    );
  });

  it('in CI (or no terminal): only the lines', () => {
    const { written, stream: out } = stream(true);
    const config = resolveConfig({}, { CI: 'true' });
    expect(config.ci).toBe(true);
    expect(resolveConfig({}, { CI: 'false' }).ci).toBe(false);
    expect(resolveConfig({}, {}).ci).toBe(false);
    const progress = new BuildProgress(out, out.isTTY && !config.ci);
    progress.onProgress({ type: 'count', what: 'photos', done: 2, total: 4 });
    progress.onProgress({ type: 'stage', stage: 'photos', made: '4 photo variants encoded', ms: 50 });
    progress.end();
    expect(written).toEqual(['photos: 4 photo variants encoded (0.05 s)\n']);
  });
});
