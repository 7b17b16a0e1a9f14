// The error catalogue: every error an editor or developer can see, with a stable name,
// a title, a message built from its arguments and a hint. Stages build diagnostics only here.
import type { Diagnostic, Severity } from './diagnostic.ts';

interface Where {
  file?: string;
  line?: number;
  column?: number;
  field?: string;
}

function make(code: string, severity: Severity, title: string, message: string, hint: string, where: Where = {}): Diagnostic {
  return { code, severity, title, message, hint, ...where };
}

export const errors = {
  yamlSyntax: (where: Where, reason: string) =>
    make('YamlSyntaxError', 'error', 'Invalid YAML', `Invalid YAML: ${reason}`,
      'Check indentation (spaces, not tabs), that every `key: value` has a space after the colon, and quote text that contains `: ` or starts with a special character.', where),
  frontMatterSyntax: (where: Where, reason: string) =>
    make('FrontMatterError', 'error', 'Invalid front matter', `Invalid front matter: ${reason}`,
      'Front matter is YAML between two `---` lines at the very top of the file.', where),
  schema: (where: Where, expected: string, found: string) =>
    make('ContentSchemaError', 'error', 'Invalid field',
      `Field \`${where.field}\`: expected ${expected}, found ${found}.`,
      'Compare the file with the format in docs/content-model.md.', where),
  missingField: (where: Where, expected: string) =>
    make('MissingFieldError', 'error', 'Missing required field',
      `Missing required field \`${where.field}\` (${expected}).`,
      `Add \`${String(where.field).split('.').pop()}:\` to the file.`, where),
  unknownField: (where: Where) =>
    make('UnknownFieldError', 'warning', 'Unknown field',
      `Unknown field \`${where.field}\` is ignored.`,
      'Check the spelling against docs/content-model.md.', where),
  invalidDate: (where: Where, found: string) =>
    make('InvalidDateError', 'error', 'Invalid date',
      `Field \`${where.field}\`: expected a calendar date as yyyy-mm-dd (or mm/dd/yyyy), found "${found}".`,
      'Write the date like 2025-10-28. Months run 01-12 and days must exist in that month.', where),
  idMismatch: (where: Where, id: string, fileId: string) =>
    make('IdMismatchError', 'error', 'id does not match the file name',
      `Field \`id\`: expected "${fileId}" (the file name), found "${id}".`,
      `Rename the file to ${id}.yaml or set id: ${fileId}.`, where),
  duplicateId: (where: Where, kind: string, id: string, other: string) =>
    make('DuplicateIdError', 'error', `Duplicate ${kind}`,
      `Duplicate ${kind} "${id}": also defined in ${other}.`,
      `Each ${kind} must be unique. Rename one of them.`, where),
  unknownReference: (where: Where, kind: string, id: string, known: string[]) =>
    make('UnknownReferenceError', 'error', `Unknown ${kind}`,
      `Field \`${where.field}\`: "${id}" is not a known ${kind}.`,
      suggest(id, known), where),
  droppedReference: (where: Where, kind: string, id: string) =>
    make('DroppedReferenceWarning', 'warning', `Reference dropped`,
      `Field \`${where.field}\`: "${id}" has no ${kind} entry, so it is dropped from the related list.`,
      `Remove "${id}" or add a ${kind} with that id.`, where),
  redirectSourceIsPage: (where: Where, from: string) =>
    make('RedirectSourceIsPageError', 'error', 'Redirect source is a live page',
      `Redirect from "${from}" would hide a live page: the page wins and the redirect is ignored.`,
      'Remove the redirect, or remove the page it shadows.', where),
  redirectTargetMissing: (where: Where, to: string) =>
    make('RedirectTargetMissingError', 'error', 'Redirect to a missing page',
      `Redirect target "${to}" is not a page of the site.`,
      'Point the redirect at an existing path (no trailing slash), e.g. /services/automotive-upholstery.', where),
  redirectLoop: (where: Where, cycle: string[]) =>
    make('RedirectLoopError', 'error', 'Redirect loop',
      `Redirect loop: ${cycle.join(' → ')}.`,
      'Make one of these redirects point at a live page.', where),
  redirectChain: (where: Where, hops: string[]) =>
    make('RedirectChainWarning', 'warning', 'Redirect chain',
      `Redirect chain: ${hops.join(' → ')}; visitors take two hops.`,
      `Point "${hops[0]}" straight at "${hops[hops.length - 1]}".`, where),
  duplicateRedirect: (where: Where, from: string, other: string) =>
    make('DuplicateRedirectError', 'error', 'Duplicate redirect',
      `Redirect from "${from}" is defined twice (also at ${other}).`,
      'Keep one of them.', where),
  duplicateOutput: (path: string, sources: string[]) =>
    make('DuplicateOutputError', 'error', 'Two pages write the same path',
      `Two pages would be written to "${path}": ${sources.join(' and ')}.`,
      'Give one of them another id or slug.'),
  renderFailed: (path: string, cause: string, file?: string) =>
    make('RenderError', 'error', 'A page failed to render',
      `While rendering ${path}: ${cause}`,
      'The template threw an error for this page. Run with STITCH_DEBUG=1 for the stack trace.', { file }),
  bundleFailed: (cause: string, where: Where = {}) =>
    make('BundleError', 'error', 'Templates failed to compile', `While bundling the templates: ${cause}`,
      'Fix the syntax or import error in the template named above.', where),
  missingAsset: (where: Where, path: string) =>
    make('MissingAssetError', 'error', 'Missing image or asset',
      `Field \`${where.field}\`: "${path}" does not exist in site-assets/.`,
      'Add the file under site-assets/ (public path = path under site-assets) or fix the path.', where),
  missingContentDir: (dir: string) =>
    make('MissingContentDirError', 'error', 'Content folder not found',
      `The content folder "${dir}" does not exist.`, 'Pass --content DIR pointing at a folder with site.yaml.'),
};

/** "Did you mean …?" from the closest known ids (Levenshtein). */
function suggest(id: string, known: string[]): string {
  const scored = known
    .map((k) => ({ k, d: distance(id, k) }))
    .sort((a, b) => a.d - b.d)
    .filter((s) => s.d <= Math.max(3, Math.floor(id.length / 3)));
  if (scored.length > 0) return `Did you mean "${scored[0].k}"?`;
  return `Known ids: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''}.`;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
