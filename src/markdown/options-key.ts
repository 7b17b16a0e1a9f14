// The Markdown pipeline's options, and a key for them in the persistent cache. Kept apart from
// the pipeline so the build can compute keys without loading unified and Prism.
export interface MarkdownOptions {
  siteUrl?: string;
}

/** A key for everything besides the Markdown text that shapes the output. */
export function markdownOptionsKey(options: MarkdownOptions): string {
  return JSON.stringify(Object.entries(options).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)));
}
