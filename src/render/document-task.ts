// The executor's `document` task (src/executor/tasks.ts): the document pass of render-documents.ts
// over a chunk of pages, in a worker. The templates bundle is imported once per worker.
import { pathToFileURL } from 'node:url';
import { renderMarkdownWithLinks } from '../markdown/render-markdown.ts';
import { renderDocuments, type DocumentInput, type DocumentJob, type DocumentResult } from './render-documents.ts';
import type { ServerModule } from './bundle-templates.ts';

const servers = new Map<string, Promise<ServerModule>>();

function loadServer(file: string): Promise<ServerModule> {
  let server = servers.get(file);
  if (!server) {
    server = import(pathToFileURL(file).href) as Promise<ServerModule>;
    servers.set(file, server);
  }
  return server;
}

export async function documentTask({ items, job }: { items: DocumentInput[]; job: DocumentJob }): Promise<DocumentResult[]> {
  return renderDocuments(await loadServer(job.serverFile), job, items, renderMarkdownWithLinks);
}
