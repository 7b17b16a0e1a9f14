// Build-time edits of library code in the render workers' bundle: none changes what a library
// does, each removes work that only serves debugging. Every edit is pinned by a test against
// the installed library (test/unit/bundle-patches.test.ts): when an upgrade changes the code,
// the test fails and the edit is updated or dropped, never applied half.
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/**
 * unist-util-visit-parents names every visitor function it creates after its node
 * (`Object.defineProperty(visit, 'name', …)`) so that stack traces read well. It does so for
 * every node of every tree walk, and the Markdown pipeline walks each post's tree several
 * times (remark-rehype, rehype-slug, rehype-links, rehype-prism-plus): measured at 10–13% of
 * the pipeline's time. The names appear in stack traces only.
 */
const VISITOR_NAME = /Object\.defineProperty\(visit, 'name', \{\s*value:\s*'node \(' \+ color\(node\.type \+ \(name \? '<' \+ name \+ '>' : ''\)\) \+ '\)'\s*\}\)/;

export function stripVisitorNames(source: string): { code: string; applied: boolean } {
  if (!VISITOR_NAME.test(source)) return { code: source, applied: false };
  return { code: source.replace(VISITOR_NAME, 'void 0 /* stitch: visitor names dropped (debugging only) */'), applied: true };
}

export const workerBundlePatches: Plugin = {
  name: 'stitch-worker-patches',
  setup(build) {
    build.onLoad({ filter: /[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/ }, async (args) => {
      const { code } = stripVisitorNames(await readFile(args.path, 'utf8'));
      return { contents: code, loader: 'js' };
    });
  },
};
