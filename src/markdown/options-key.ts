// The Markdown pipeline's options, and a key for them in the Markdown cache. Kept apart from
// the pipeline so the build can compute keys without loading unified and Prism.
export interface MarkdownOptions {
  siteUrl?: string;
}

/** A key for everything besides the Markdown text that shapes the output. */
export function markdownOptionsKey(options: MarkdownOptions): string {
  return JSON.stringify(Object.entries(options).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * What renderMarkdown returns for a document the pipeline cannot render (a quote nested 50,000
 * levels deep overflows the stack): an HTML comment with the reason, so the result still
 * crosses from the workers and the cache as text; the build reports it at the document's file.
 */
export const MARKDOWN_FAILED = '<!--stitch:markdown-failed:';
