// A dev rebuild after edits of posts' Markdown bodies alone (the common edit): nothing but those
// posts' own pages shows a body, so the content, link and route stages take the previous build's
// results with the edited bodies put in (new lists and maps; the previous build is left as it
// is), the documents stage renders only the pages whose key changed, and the warnings and link
// stages check only what the edit touched (verify.ts). Any other change (front matter, reading
// time, another file, a post that cannot be parsed alone) runs the stages in full.
import { readFileSync } from 'node:fs';
import { sourceHash } from '../cache/post-cache.ts';
import { normalizeSource } from '../content/parse-source.ts';
import { publicationStatus } from '../content/publication.ts';
import type { Post } from '../content/types.ts';
import type { Route } from '../routes/types.ts';
import type { BuildContext, BuildState } from './state.ts';

/** Posts whose body alone changed since the previous build, by slug, with their file's hash. */
export type BodyEdits = Map<string, { post: Post; hash: string }>;

/** The body edits among the changed files; undefined when anything else changed (or is unknown). */
export async function bodyEdits(state: BuildState, options: BuildContext): Promise<BodyEdits | undefined> {
  const incremental = options.incremental;
  const previous = incremental?.previous;
  const { config } = state;
  if (!incremental?.changed?.length || !previous?.graph || !previous.contentDiagnostics || !incremental.reuse.images) return undefined;
  const blog = `${config.contentDir}/blog/`;
  if (!incremental.changed.every((path) => path.startsWith(blog) && path.endsWith('.md'))) return undefined;
  const { parsePostFile } = await import('../content/parse-post-file.ts'); // here: it loads zod, which a warm build never needs
  const olds = new Map(previous.graph.posts.map((p) => [p.slug, p]));
  const edits: BodyEdits = new Map();
  for (const path of incremental.changed) {
    let text: string;
    try {
      text = normalizeSource(readFileSync(path, 'utf8'));
    } catch {
      return undefined; // gone: a post removed
    }
    const parsed = parsePostFile(config.root, config.contentDir, path, text);
    const old = parsed && olds.get(parsed.slug);
    if (!parsed || !old || old.origin.file !== parsed.origin.file) return undefined;
    const status = publicationStatus(parsed, config.buildTime);
    const post = status ? { ...parsed, status } : parsed;
    // What the content stages reported of the file (a warning about its front matter) stands only if the file is the same but for its body.
    if (listingFields(post) !== listingFields(old) || previous.contentDiagnostics.some((d) => d.file === post.origin.file)) return undefined;
    // The text before the body is byte for byte the same (so is every position a warning found in it).
    const before = previous.graph.sources?.get(post.origin.file);
    if (!text.endsWith(post.body) || before?.body === undefined || sourceHash(text.slice(0, text.length - post.body.length) + before.body) !== before.hash) return undefined;
    edits.set(post.slug, { post, hash: sourceHash(text) });
  }
  return edits;
}

/** The content, link and routes stages for body edits: the previous build's results with the new bodies. */
export function applyBodyEdits(state: BuildState, previous: BuildState, edits: BodyEdits): void {
  const graph = previous.graph!;
  const sources = new Map(graph.sources);
  for (const { post, hash } of edits.values()) sources.set(post.origin.file, { body: post.body, hash });
  state.graph = { ...graph, posts: graph.posts.map((p) => edits.get(p.slug)?.post ?? p), sources };
  state.routes = previous.routes.map((route): Route => {
    if (route.type !== 'page' || route.kind !== 'blog-post' || !route.markdown) return route;
    const edit = edits.get((route.props.post as { slug: string }).slug);
    return edit ? { ...route, markdown: { ...route.markdown, body: edit.post.body } } : route;
  });
  state.layout = previous.layout;
  state.images = previous.images;
  state.files = previous.files;
  state.prefixRedirects = previous.prefixRedirects;
  state.contentDiagnostics = previous.contentDiagnostics;
  state.routesTakenOver = true;
  state.diagnostics.push(...previous.contentDiagnostics!);
}

/** A post's fields besides its body: what every page but its own shows of it. */
function listingFields(post: Post): string {
  const { body: _body, origin: _origin, ...rest } = post;
  return JSON.stringify(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1)));
}
