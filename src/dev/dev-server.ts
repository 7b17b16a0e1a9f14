// stitch dev: builds in memory, serves the site with live reload, rebuilds what a change
// affects, shows failed builds in the browser as an overlay (the terminal's diagnostics) and
// receives quote requests locally. Ctrl+C stops everything it started.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { basename, join, sep } from 'node:path';
import type { ResolvedConfig } from '../config/resolve-config.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { formatText } from '../errors/format.ts';
import { DevSession, type BuildOutcome } from './dev-session.ts';
import { listen } from './listen.ts';
import { CLIENT_PATH, CLIENT_SCRIPT, CLIENT_TAG, errorPage, EVENTS_PATH, injectOverlay, LiveReload, overlayHtml, type LiveClient } from './live-reload.ts';
import { QUOTE_PATH, quoteInbox } from './quotes.ts';
import { watchTrees } from './watch.ts';
import { allowRead, checkUrl, refuse, safeHandler } from '../preview/request-guard.ts';
import { fileFor, folderFiles, serveSite, type SiteFiles } from '../preview/static-server.ts';

export interface DevServerOptions {
  port: number;
  host: string;
  /** Where progress lines go (the terminal by default). */
  log?: (line: string) => void;
  /** Colours in the terminal's diagnostics. */
  color?: boolean;
}

export interface DevServer {
  url: string;
  port: number;
  /** Where received quotes are appended. */
  quotesFile: string;
  close(): Promise<void>;
}

export async function createDevServer(config: ResolvedConfig, options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const color = options.color ?? false;
  const live = new LiveReload();
  const quotesFile = join(config.cacheDir, 'quotes.jsonl');
  const receiveQuote = quoteInbox(quotesFile, log, options.host);
  let shownWarnings = '';

  const report = (outcome: BuildOutcome) => {
    if (!outcome.ok) {
      log(`${formatText(outcome.diagnostics, color)}\nBuild failed${outcome.changed.length ? ` after changes to ${list(outcome.changed)}` : ''}; ${builder.output ? 'still serving the last good build' : 'nothing to serve until it builds'}. Waiting for a fix…`);
      live.broadcast('overlay', { html: overlayHtml(outcome.diagnostics, builder.output !== undefined) });
      return;
    }
    const warnings = outcome.diagnostics.filter((d) => d.severity === 'warning');
    const key = warnings.map((d) => `${d.file}:${d.line}:${d.message}`).join('\n');
    if (key !== shownWarnings && warnings.length > 0) log(formatText(warnings, color));
    shownWarnings = key;
    const ms = `${Math.round(outcome.ms)} ms`;
    if (outcome.changed.length === 0) log(`Built ${outcome.pages} pages in ${ms}.`);
    else log(`${outcome.recovered ? 'Fixed. ' : ''}${list(outcome.changed)} changed: re-rendered ${outcome.rendered} of ${outcome.pages} pages in ${ms}.`);
    notify(outcome);
  };

  const notify = (outcome: BuildOutcome) => {
    if (outcome.outputs.size === 0 && !outcome.recovered) return;
    const pageChanged = (client: LiveClient) => {
      if (client.path === undefined) return [...outcome.outputs].some((f) => f.endsWith('.html'));
      return outcome.outputs.has(fileFor(builtFiles, client.path)?.name ?? '404.html');
    };
    for (const client of live.clients) {
      if (outcome.cssOnly && !outcome.recovered && builder.state?.styles?.href) live.send(client, 'css', { href: builder.state.styles.href });
      else if (pageChanged(client)) live.send(client, 'reload');
      else if (outcome.recovered) live.send(client, 'clear');
    }
  };

  const builder = new DevSession(config, { extraHead: CLIENT_TAG, onBuild: report });
  // The newest good build, and site-assets/ straight from disk (a photo never waits for a build).
  const assets = folderFiles(config.assetsDir);
  const builtFiles: SiteFiles = (path) => builder.output?.files.get(path);
  const devFiles: SiteFiles = (path) => builtFiles(path) ?? assets(path);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = checkUrl(req.url);
    if (!url.ok) return refuse(res, url.status, url.message);
    if (url.path === QUOTE_PATH) return receiveQuote(req, res);
    if (!allowRead(req, res)) return;
    if (url.path === EVENTS_PATH) return live.connect(req, res, new URLSearchParams(url.search).get('path') ?? undefined);
    if (url.path === CLIENT_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(CLIENT_SCRIPT);
      return;
    }
    // Never a stale page: wait for a build in flight, or build first if a file changed.
    if (!assets(url.path.slice(1))) await builder.fresh();
    const failure: Diagnostic[] | undefined = builder.failure;
    if (!builder.output) {
      res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(errorPage(failure ?? [], CLIENT_TAG));
      return;
    }
    serveSite(req, res, devFiles, { cacheControl: 'no-store', html: (html) => (failure ? injectOverlay(html, failure) : html) });
  };

  // An unexpected error is a 500 for that request and a line in the terminal, never a dead server.
  const server = createServer(safeHandler(handle, (line) => log(`stitch dev: ${line}`)));

  await builder.schedule();
  const port = await listen(server, options.port, options.host, log);

  const watcher = watchTrees(
    [config.contentDir, config.templatesDir, config.assetsDir],
    (event, path) => {
      if (event === 'change' && path.startsWith(config.assetsDir + sep)) {
        // An image or video was replaced: no page changes, the browser fetches it again. Its
        // responsive variants are made anew with the next build.
        builder.assetChanged();
        live.broadcast('reload');
        return;
      }
      // A file's event names the file to look at again; a folder's, anything under it: walk all.
      const paths = event === 'add' || event === 'change' || event === 'unlink' ? [path] : undefined;
      builder.schedule(paths).catch((error: unknown) => log(`stitch dev: rebuild failed: ${String(error)}`));
    },
    (error) => log(`stitch dev: watcher: ${String(error)}`),
  );
  await watcher.ready; // an edit from now on is heard

  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    quotesFile,
    close: () => (closing ??= (async () => {
      await watcher.close();
      live.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await builder.idle();
    })()),
  };
}

/** The CLI: serves until Ctrl+C (or SIGTERM), then stops the watcher, server and esbuild. */
export async function startDevServer(config: ResolvedConfig, opts: { port: number; host: string }): Promise<number> {
  const color = Boolean(process.stdout.isTTY);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  // React's production build, as `stitch build` renders with (the same HTML, several times
  // faster: most of an edit's render); picked from NODE_ENV when the templates first import it.
  process.env.NODE_ENV ??= 'production';
  let dev: DevServer;
  try {
    dev = await createDevServer(config, { ...opts, log, color });
  } catch (error) {
    process.stderr.write(`stitch dev: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  log(`\n  stitch dev  ${dev.url}\n\n  Watching content/, templates/ and site-assets/. Quotes go to ${join('.stitch', basename(dev.quotesFile))}. Ctrl+C to stop.\n`);
  await Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')]);
  process.once('SIGINT', () => process.exit(130)); // a second Ctrl+C while shutting down exits at once
  await dev.close();
  const { stop } = await import('esbuild');
  await stop();
  log('stitch dev stopped.');
  return 0;
}

function list(files: string[]): string {
  return files.length <= 3 ? files.join(', ') : `${files.slice(0, 3).join(', ')} and ${files.length - 3} more`;
}
