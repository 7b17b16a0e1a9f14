// A render worker: runs the document pass (render-documents.ts: Markdown → page → measure →
// write) off the main thread. The pool bundles this file (with its libraries) into
// .stitch/server, so a worker starts on plain JavaScript without a TypeScript loader.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { renderDocuments, type DocumentInput, type DocumentJob, type PageFacts } from './render-documents.ts';
import type { ServerModule } from './render-worker-page.ts';

export type WorkerRequest = { type: 'document'; id: number; job: DocumentJob; inputs: DocumentInput[] };

export type WorkerResponse =
  | { id: number; type: 'document'; results: PageFacts[] }
  | { id: number; type: 'error'; message: string; stack?: string };

// React picks its production build from NODE_ENV when the templates bundle first imports it.
if ((workerData as { production?: boolean } | undefined)?.production) process.env.NODE_ENV = 'production';

const servers = new Map<string, Promise<ServerModule>>();

function loadServer(file: string): Promise<ServerModule> {
  let server = servers.get(file);
  if (!server) {
    server = import(pathToFileURL(file).href) as Promise<ServerModule>;
    servers.set(file, server);
  }
  return server;
}

async function handle(request: WorkerRequest): Promise<WorkerResponse> {
  const server = await loadServer(request.job.serverFile);
  return { id: request.id, type: 'document', results: renderDocuments(server, request.job, request.inputs, renderMarkdown) };
}

parentPort?.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (response) => parentPort!.postMessage(response),
    (error: unknown) => parentPort!.postMessage({ id: request.id, type: 'error', message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined }),
  );
});
