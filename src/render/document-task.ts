// The executor's `document` task (src/executor/tasks.ts): the document pass of render-documents.ts
// over a chunk of pages. One is made per worker (and per build on the build's thread): it keeps
// the templates bundle it imported, the Markdown pipeline (loaded when a page first needs it: a
// warm build never does) and the page parts pasted into later pages (reused.tsx).
import { pathToFileURL } from 'node:url';
import type { MarkdownRenderer } from '../markdown/render-markdown.ts';
import { renderDocuments, type DocumentInput, type DocumentJob, type DocumentResult } from './render-documents.ts';
import type { ServerModule } from './bundle-templates.ts';
import type { KeptParts } from './reused.tsx';

export function documentTask() {
  const servers = new Map<string, Promise<ServerModule>>();
  const kept: KeptParts = new WeakMap();
  let markdown: MarkdownRenderer | undefined;
  const loadServer = (file: string) => {
    let server = servers.get(file);
    if (!server) servers.set(file, (server = import(pathToFileURL(file).href) as Promise<ServerModule>));
    return server;
  };
  return async ({ items, job }: { items: DocumentInput[]; job: DocumentJob }, started?: (item: number) => void): Promise<DocumentResult[]> => {
    const server = await loadServer(job.serverFile);
    if (!markdown && items.some((input) => input.route.markdown && input.markdownHtml === undefined)) {
      const { MarkdownRenderer } = await import('../markdown/render-markdown.ts');
      markdown = new MarkdownRenderer();
    }
    return renderDocuments(server, job, items, { markdown, kept }, started);
  };
}
