// Whether a Markdown body may be rendered on the build's own thread, where nothing can stop it.
// micromark is slow, superlinearly, on a few shapes: openers that find no closer (`*`, `_`,
// `[`, `<`, backticks, `~`) and containers nested deep (lists, quotes). On a loaded 2-core
// machine 1,000 `*` around an `x` took 3 s, 1,000 list markers on one line 10 s, 2,000 `[a`
// 0.7 s; the real site's posts have at most 158 such characters. A body past any of the bounds
// below renders on a worker, where the executor's time and memory limits hold: this only picks
// the thread, it refuses nothing.
const MAX_LENGTH = 100_000;
const MAX_OPENERS = 500;
const MAX_MARKERS_ON_A_LINE = 16;
/** Indentation that deep means lists nested through indentation (or code indented as far). */
const DEEP_INDENT = /^[ \t]{48,}/m;
/** The container markers a line starts with: quotes, bullets, ordered items. */
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])(?:[ \t]+|$)))+/gm;
const MARKER = />|[-+*]|\d{1,9}[.)]/g;

export function fitsInline(markdown: string): boolean {
  if (markdown.length > MAX_LENGTH || DEEP_INDENT.test(markdown)) return false;
  let openers = 0;
  for (let i = 0; i < markdown.length; i++) {
    const c = markdown.charCodeAt(i);
    // * _ [ < ` ~
    if ((c === 42 || c === 95 || c === 91 || c === 60 || c === 96 || c === 126) && ++openers > MAX_OPENERS) return false;
  }
  for (const [prefix] of markdown.matchAll(CONTAINER_PREFIX)) {
    if ((prefix.match(MARKER)?.length ?? 0) > MAX_MARKERS_ON_A_LINE) return false;
  }
  return true;
}
