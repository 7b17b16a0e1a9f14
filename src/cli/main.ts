// The commander program: build, dev, check, preview. Exit codes: 0 success, 1 content
// errors, 2 bad usage.
import { appendFileSync, existsSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { build } from '../build.ts';
import { resolveBudgets, weightsByKind } from '../budgets/budgets.ts';
import { resolveConfig } from '../config/resolve-config.ts';
import { formatDiagnostics, formatMarkdown, summary, type Format } from '../errors/format.ts';
import { hasErrors, type Diagnostic } from '../errors/diagnostic.ts';
import type { ContentGraph } from '../content/types.ts';
import { IncrementalWriter } from '../output/incremental-writer.ts';
import { outDirProblem } from '../output/out-dir-guard.ts';
import { recoverOutput } from '../output/output-swap.ts';
import { MemoryWriter } from '../output/writer.ts';
import { newKinds } from '../scaffold/new-kinds.ts';
import { BuildProgress } from './build-progress.ts';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number between 0 and 65535.');
  return n;
}

function format(value: string): Format {
  if (value !== 'text' && value !== 'json' && value !== 'github') throw new InvalidArgumentError('expected text, json or github.');
  return value;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/** CPU time of the process (every thread), in seconds. */
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** What the build did with draft and scheduled posts (content/publication.ts), when there are any. */
function unpublishedLine(graph: ContentGraph | undefined, drafts: boolean): string[] {
  const posts = drafts ? (graph?.posts ?? []).filter((p) => p.status) : graph?.withheld ?? [];
  if (posts.length === 0) return [];
  const count = (status: string, one: string) => {
    const n = posts.filter((p) => p.status === status).length;
    return n > 0 ? [`${n} ${one}${n === 1 ? '' : 's'}`] : [];
  };
  const what = [...count('draft', 'draft'), ...count('scheduled', 'scheduled post')].join(' and ');
  return drafts
    ? [`Included ${what} (--drafts): a preview, not for the live site.`, '']
    : [`Left out ${what} (\`stitch check\` lists when scheduled posts appear; --drafts includes them).`, ''];
}

export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  /** A diagnostic that stops the command, on stderr (stdout keeps the output), and its exit code. */
  const fail = (d: Diagnostic, code: number) => {
    process.stderr.write(`stitch: ${d.message} ${d.hint ?? ''}\n`);
    exitCode = code;
  };
  const program = new Command()
    .name('stitch')
    .description('Builds the upholstery business website from content/ (Markdown and YAML) into static pages in dist/.')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  program.command('build')
    .description('Build the site into dist/ (or --out). Exit 1 on content errors; the previous output is left untouched.')
    .option('--content <dir>', 'content folder', 'content')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--no-budgets', 'do not fail when a page is over its page-weight budget (site.yaml `budgets:`)')
    .option('--force', 'replace an --out folder that stitch did not make (never the project, its source folders or a folder holding them)')
    .option('--drafts', 'include draft and scheduled posts, with a badge (a preview deploy; never for the live site)')
    .action(async (opts: { content: string; out: string; budgets: boolean; force?: boolean; drafts?: boolean }) => {
      const config = resolveConfig({ content: opts.content, out: opts.out, drafts: opts.drafts });
      // Before anything is touched: never the project itself, nor a folder stitch did not make.
      const refused = outDirProblem(config, { replace: true, force: opts.force });
      if (refused) return fail(refused, 2);
      // A build killed earlier may have left its staging folder, or parked the previous output.
      await recoverOutput(config.outDir);
      // React picks its production build (several times faster) from NODE_ENV when first imported.
      process.env.NODE_ENV ??= 'production';
      const started = performance.now();
      const cpuStart = cpuSeconds();
      const progress = new BuildProgress(process.stderr, Boolean(process.stderr.isTTY) && !config.ci);
      const { ok, state } = await build(config, { writer: new IncrementalWriter(config.outDir, config.cacheDir), links: true, budgets: opts.budgets, encodeImages: true, renderCards: true, onProgress: progress.onProgress });
      progress.end();
      const color = Boolean(process.stderr.isTTY);
      if (state.diagnostics.length > 0) process.stderr.write(`${formatDiagnostics(state.diagnostics, 'text', color)}\n`);
      if (!ok) {
        const overBudget = state.diagnostics.filter((d) => d.code === 'BudgetExceededError').length;
        if (overBudget > 0) process.stderr.write(`${overBudget} page-weight budget${overBudget === 1 ? ' is' : 's are'} exceeded (budgets: in content/site.yaml; --no-budgets skips the check).\n`);
        process.stderr.write(`Build failed: nothing was written${existsSync(config.outDir) ? `; ${opts.out}/ is unchanged` : ''}.\n`);
        exitCode = 1;
        return;
      }
      const rows = weightsByKind(state.weights ?? []);
      const budgets = resolveBudgets(state.graph?.site);
      const pages = state.pages.size;
      const redirects = state.routes.filter((r) => r.type === 'redirect').length;
      const lines = [
        `Built ${pages} pages and ${redirects} redirect stubs into ${opts.out}/ in ${((performance.now() - started) / 1000).toFixed(2)} s`,
        '',
        'Page weight per route kind (gzip, largest page of the kind):',
        `${'Route kind'.padEnd(18)}${'Pages'.padStart(7)}${'HTML'.padStart(11)}${'CSS'.padStart(11)}${'JS'.padStart(11)}${'Image 390px'.padStart(13)}`,
        ...rows.map((r) => `${r.kind.padEnd(18)}${String(r.pages).padStart(7)}${kb(r.html).padStart(11)}${kb(r.css).padStart(11)}${kb(r.js).padStart(11)}${(r.image ? kb(r.image) : '—').padStart(13)}`),
        `${'budget'.padEnd(25)}${kb(budgets.html).padStart(11)}${kb(budgets.css).padStart(11)}${kb(budgets.js).padStart(11)}${kb(budgets.lcpImage).padStart(13)}${opts.budgets ? '' : '  (not checked: --no-budgets)'}`,
        '',
        ...unpublishedLine(state.graph, config.drafts),
        `stages: ${Object.entries(state.timings).map(([k, v]) => `${k} ${Math.round(v)} ms`).join(', ')} · CPU ${(cpuSeconds() - cpuStart).toFixed(1)} s`,
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    });

  program.command('check')
    .description('Validate the content and the rendered site without writing dist/. Exit 1 when any error.')
    .option('--content <dir>', 'content folder', 'content')
    .option('--format <format>', 'output format: text, json or github', format, 'text')
    .option('--strict', 'treat warnings as errors')
    .option('--summary <file>', 'also append the report as Markdown, grouped by file, to this file (CI: "$GITHUB_STEP_SUMMARY")')
    .action(async (opts: { content: string; format: Format; strict?: boolean; summary?: string }) => {
      // It renders every page, as build does: with React's production build.
      process.env.NODE_ENV ??= 'production';
      const { checkSite, strict } = await import('../check/check-site.ts');
      const result = await checkSite(resolveConfig({ content: opts.content }));
      const diagnostics = opts.strict ? strict(result.diagnostics) : result.diagnostics;
      const out = formatDiagnostics(diagnostics, opts.format, opts.format === 'text' && Boolean(process.stdout.isTTY));
      // Notes (scheduled posts) are not problems: listed, then the all-clear.
      const problems = diagnostics.filter((d) => d.severity !== 'info').length;
      if (opts.format === 'text' && problems === 0) process.stdout.write(`${diagnostics.length > 0 ? `${out.slice(0, out.lastIndexOf('\n') + 1)}` : ''}No problems found in ${result.pages} pages. ${summary(diagnostics)}\n`);
      else if (opts.format === 'text') process.stdout.write(`${out}\nChecked ${result.pages} pages.\n`);
      else if (out) process.stdout.write(`${out}\n`);
      if (opts.summary) appendFileSync(opts.summary, formatMarkdown(diagnostics, result.pages));
      exitCode = hasErrors(diagnostics) ? 1 : 0;
    });

  program.command('dev')
    .description('Serve the site from memory with live reload at http://localhost:4321.')
    .option('--content <dir>', 'content folder', 'content')
    .option('--port <n>', 'port', port, 4321)
    .option('--host <host>', 'host', 'localhost')
    .action(async (opts: { content: string; port: number; host: string }) => {
      const { startDevServer } = await import('../dev/dev-server.ts');
      exitCode = await startDevServer(resolveConfig({ content: opts.content, mode: 'development' }), opts);
    });

  // A kind per template of the site's templates/new/ (a site adds one by adding a file).
  const kinds = newKinds(resolveConfig().templatesDir);
  const newCommand = program.command('new')
    .description(`Start a new content file from a template of templates/new/: ${kinds.map((k) => k.name).join(', ') || 'none found (add templates/new/<kind>.md or .yaml)'}.`);
  for (const kind of kinds) {
    newCommand.command(kind.name)
      .description(`Write content/${kind.folder}/<slug>${kind.ext} from templates/new/${kind.name}${kind.ext}; prints its path, never overwrites a file.`)
      .argument('[title]', 'the title, in quotes')
      .option('--content <dir>', 'content folder', 'content')
      .option('--slug <slug>', 'file name (default: made from the title)')
      .option('--author <name>', 'byline, {{author}} (default: the business name from site.yaml)')
      .action(async (title: string | undefined, opts: { content: string; slug?: string; author?: string }) => {
        const { newContent } = await import('../scaffold/new-content.ts');
        const result = newContent(kind, { title, slug: opts.slug, author: opts.author }, resolveConfig({ content: opts.content }));
        if ('file' in result) process.stdout.write(`${result.file}\n`);
        else fail(result.diagnostic, result.exitCode);
      });
  }

  program.command('preview')
    .description('Serve dist/ as a static host would: clean URLs, 404.html, _redirects.')
    .option('--port <n>', 'port', port, 4322)
    .option('--host <host>', 'host', 'localhost')
    .option('--out <dir>', 'folder to serve', 'dist')
    .action(async (opts: { port: number; host: string; out: string }) => {
      const config = resolveConfig({ out: opts.out });
      // Serving the project or a source folder would publish .git, .env and the like.
      const refused = outDirProblem(config, { replace: false });
      if (refused) return fail(refused, 2);
      await recoverOutput(config.outDir);
      if (!existsSync(config.outDir)) {
        process.stderr.write(`Nothing to preview: ${opts.out}/ does not exist. Run \`npx stitch build\` first.\n`);
        exitCode = 1;
        return;
      }
      const { startStaticServer } = await import('../preview/static-server.ts'); // node:http, for this command only
      const server = await startStaticServer(config.outDir, opts.port, opts.host);
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : opts.port;
      process.stdout.write(`Previewing ${opts.out}/ at http://${opts.host}:${actual}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => server.close(() => resolve());
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // `stitch` with no command prints the help as an error (commander's exit code 1): bad usage.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || (error.code === 'commander.help' && error.exitCode === 0)) return 0;
      return 2;
    }
    process.stderr.write(`stitch: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  return exitCode;
}
