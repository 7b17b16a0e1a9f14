// The error catalogue: every error an editor or developer can see, with a stable name,
// a title, a message built from its arguments and a hint. Stages build diagnostics only here.
import type { Diagnostic, Severity } from './diagnostic.ts';

interface Where {
  file?: string;
  line?: number;
  column?: number;
  field?: string;
}

/** A placeholder as messages quote it: its first 60 characters. */
const placeholderText = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}...` : value);

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
  unknownField: (where: Where, key: string, known: string[] = []) => {
    const close = closestName(key, known);
    return make('UnknownFieldError', 'warning', 'Unknown field',
      `Unknown field \`${where.field}\` is ignored${close ? `; did you mean \`${close}\`?` : '.'}`,
      `${known.length > 0 ? `Fields known here: ${known.join(', ')}. ` : ''}Check the spelling against docs/content-model.md; \`stitch check --strict\` treats this as an error.`, where);
  },
  invalidDate: (where: Where, found: string) =>
    make('InvalidDateError', 'error', 'Invalid date',
      `Field \`${where.field}\`: expected a calendar date as yyyy-mm-dd (or mm/dd/yyyy), found "${found}".`,
      'Write the date like 2025-10-28. Months run 01-12 and days must exist in that month.', where),
  updatedBeforeDate: (where: Where, updated: string, date: string) =>
    make('UpdatedBeforeDateError', 'error', 'Updated before published',
      `Field \`updated\`: expected a day on or after the post's \`date\` (${date}), found "${updated}".`,
      '`updated:` is the day the post was last revised, after it was published: correct it, or remove the line.', where),
  updatedInFuture: (where: Where, updated: string, limit: string, scheduled: boolean) =>
    make('UpdatedInFutureError', 'error', 'Updated in the future',
      `Field \`updated\`: expected a day on or before ${scheduled ? `the post's \`date\` (${limit}): a scheduled post is not revised before it appears` : `today (${limit}, America/Denver)`}, found "${updated}".`,
      'Write the day the post was revised (yyyy-mm-dd), not a day to come.', where),
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
  workerFailed: (document: string, cause: string, file?: string) =>
    make('WorkerError', 'error', 'A build worker failed',
      `The worker thread building ${document} failed before finishing it: ${cause}`,
      'A template or document ended the worker (process.exit), ran it out of memory or crashed it; every document it held is named. Look first at what they share (a template, a very large file).', { file }),
  bundleFailed: (cause: string, where: Where = {}) =>
    make('BundleError', 'error', 'Templates failed to compile', `While bundling the templates: ${cause}`,
      'Fix the syntax or import error in the template named above.', where),
  missingAsset: (where: Where, path: string) => ({
    ...make('MissingAssetError', 'error', 'Missing image or asset',
      `Field \`${where.field}\`: "${path}" does not exist in site-assets/.`,
      'Add the file under site-assets/ (public path = path under site-assets) or fix the path.', where),
    data: { assetPath: path },
  }),
  outputPathOutside: (path: string) =>
    make('OutputPathError', 'error', 'Output path outside the output folder',
      `The output file "${path}" would be written outside the output folder; nothing was written.`,
      'A redirect `from` or a slug must be a site path without "." or ".." segments, backslashes, encoded dots or slashes, or control characters.'),
  outputNotWritable: (dir: string, reason: string) =>
    make('OutputNotWritableError', 'error', 'Cannot write the output folder',
      `Cannot write the output folder ${dir}: ${reason}. The previous output is left as it was.`,
      `stitch writes a staging folder beside ${dir} and swaps it in: make ${dir} and the folder that holds it writable by this user, free some disk space, or pass --out with a writable folder.`),
  cacheNotWritable: (dir: string, reason: string) =>
    make('CacheNotWritableError', 'error', 'Cannot write the cache folder',
      `Cannot write the cache folder ${dir}: ${reason}. Nothing was written to the output.`,
      `stitch keeps its caches in ${dir}: make it writable by this user (or delete it, it is rebuilt), or free some disk space.`),
  cacheNotKept: (reason: string) =>
    make('CacheNotWritableWarning', 'warning', 'The cache could not be written',
      `Could not write the cache (${reason}); this build went on without it, so the next one redoes the same work.`,
      'Free some disk space or make .stitch/ writable by this user; deleting .stitch/ is always safe.'),
  unsafeOutDir: (dir: string, what: string) =>
    make('UnsafeOutDirError', 'error', 'Refused output folder',
      `Refusing to use ${dir} as the output folder: ${what}.`,
      'Pass --out with a folder of its own, such as dist.'),
  foreignOutDir: (dir: string) =>
    make('ForeignOutDirError', 'error', 'Output folder not made by stitch',
      `Refusing to replace ${dir}: it is not empty and was not made by stitch (it has no _redirects written by stitch).`,
      'Pass --force to replace it anyway, or choose another --out.'),
  linkOutsideProject: (file: string, target: string) =>
    make('LinkOutsideProjectError', 'error', 'Symbolic link out of the project',
      `${file} is a symbolic link to ${target}, outside the project: stitch never reads or publishes files from outside the project, so nothing behind this link was read or copied.`,
      'Copy the file (or folder) into the project and commit it instead of the link, or remove the link. Links to files inside the project are fine.', { file }),
  unreadable: (file: string, kind: 'file' | 'folder', reason: string) =>
    make('UnreadableFileError', 'error', `${kind === 'file' ? 'File' : 'Folder'} cannot be read`,
      `The ${kind} ${file} cannot be read: ${reason}.`,
      `Make the ${kind} readable by the user that runs stitch (\`chmod ${kind === 'file' ? 'a+r' : 'a+rx'} ${file}\`), or remove it.`, { file }),
  notUtf8: (where: Where, found: string) =>
    make('EncodingError', 'error', 'Not UTF-8 text',
      `This file is not UTF-8 text: ${found} at line ${where.line}, column ${where.column}.`,
      'Save the file as UTF-8 (in most editors: "Save with Encoding" or "Save As" → UTF-8) and retype the characters shown wrong; a NUL byte is usually a file from another program pasted in, delete it.', where),
  redirectOverFile: (where: Where, from: string, file: string) =>
    make('RedirectOverFileError', 'error', 'Redirect source is a file of the site',
      `Redirect from "${from}" collides with the file "/${file}" that the build writes: its redirect page (${from.slice(1)}/index.html) cannot be written there.`,
      'A redirect cannot replace a file of the site (a file of site-assets/, the sitemap, robots.txt, _redirects, _headers, a feed, a social card, or the scripts, styles and photo variants under /assets/). Remove the redirect, or the file from site-assets/ when it is retired.', where),
  missingContentDir: (dir: string) =>
    make('MissingContentDirError', 'error', 'Content folder not found',
      `The content folder "${dir}" does not exist.`, 'Pass --content DIR pointing at a folder with site.yaml.'),

  // stitch check: problems found in the rendered pages. `pages` names where a problem shows,
  // e.g. "/blog/x" or "/, /about and 40 more pages".
  brokenLink: (where: Where, href: string, pages: string, known: string[]) =>
    make('BrokenLinkError', 'error', 'Broken link',
      `Link to "${href}" on ${pages}: no page or file has that path.`,
      `${suggest(href.split(/[?#]/)[0], known)} Pages have no trailing slash; files in site-assets/ are linked by their path under site-assets.`, where),
  brokenFragment: (where: Where, href: string, pages: string, target: string, id: string, known: string[]) =>
    make('BrokenFragmentError', 'error', 'Link to a missing #fragment',
      `Link to "${href}" on ${pages}: ${target} has no element with id "${id}".`,
      known.length > 0 ? `${suggest(id, known)} Heading ids are the heading text in lowercase with hyphens, e.g. "## Leather care" → #leather-care.` : `${target} has no ids to link to; link to the page without a #fragment.`, where),
  missingFile: (where: Where, kind: string, src: string, pages: string) =>
    make('MissingFileError', 'error', `Missing ${kind}`,
      `The ${kind} "${src}" on ${pages} does not exist.`,
      'Add the file under site-assets/ (public path = path under site-assets) or fix the path.', where),
  scheduledPost: (where: Where, title: string, date: string) =>
    make('ScheduledPostInfo', 'info', 'Scheduled post',
      `"${title}" is scheduled: it appears on the site from ${date}, 00:00 America/Denver (the first build on or after that day).`,
      'Until then `stitch build` leaves it out; `stitch dev` and `stitch build --drafts` show it with a badge.', where),
  placeholderLeft: (where: Where, value: string) =>
    make('PlaceholderWarning', 'warning', 'Placeholder left in',
      `Field \`${where.field}\` still holds a placeholder: ${placeholderText(value)}`,
      'Replace it with the real text (or coordinates) before the page goes live: `stitch build` refuses it.', where),
  placeholderPublished: (where: Where, value: string) =>
    make('PlaceholderError', 'error', 'Placeholder on the live site',
      `Field \`${where.field}\` still holds a placeholder, and the page would publish it: ${placeholderText(value)}`,
      'Replace it with the real text (or coordinates). `stitch dev` and `build --drafts` (a preview) show the page with a warning.', where),
  // stitch new: usage errors exit 2, an existing file exits 1.
  newWithoutTitle: (kind: string, example: string) =>
    make('NewWithoutTitleError', 'error', 'Missing title',
      `\`stitch new ${kind}\` needs a title.`, `Write it in quotes: stitch new ${kind} "${example}".`),
  emptySlug: (title: string, kind: string) =>
    make('EmptySlugError', 'error', 'Title makes no slug',
      `The title "${title}" has no letters or digits a file name can use: a slug is lowercase a-z, 0-9 and hyphens; accented Latin, Cyrillic, Greek and Arabic letters are spelled in a-z, Chinese, Japanese, Korean and other scripts are not.`,
      `Choose the file name yourself (the title stays as you wrote it): stitch new ${kind} "${title}" --slug my-${kind}.`),
  invalidSlug: (slug: string) =>
    make('InvalidSlugError', 'error', 'Invalid slug',
      `--slug "${slug}" is not a slug: expected lowercase words of a-z and 0-9 joined by single hyphens, like "leather-care-guide".`,
      'A slug is the page\'s URL and file name: no spaces, capitals, accents or punctuation.'),
  newNotWritten: (file: string, reason: string) =>
    make('NewNotWrittenError', 'error', 'File not written',
      `${file} could not be written: ${reason}.`,
      'A long name: choose a shorter one with --slug. Otherwise check that the folder exists and can be written.', { file }),
  fileExists: (file: string) =>
    make('FileExistsError', 'error', 'File already exists',
      `${file} already exists; stitch new never overwrites a file.`,
      'Edit that file, or choose another name with --slug.', { file }),
  newTemplateInvalid: (template: string, reason: string, where: Where = {}) =>
    make('NewTemplateError', 'error', 'Template of `stitch new` is not valid',
      `The template ${template} does not give a valid file once filled in: ${reason}`,
      'Fix the template (it is the file stitch new starts from; {{title}}, {{slug}}, {{date}} and {{author}} are filled in, and a YAML value that starts with {{ must be quoted).', where),
  linkToUnpublished: (where: Where, href: string, pages: string, from: string, target: string, state: string) =>
    make('LinkToUnpublishedPostError', 'error', 'Link to a post that is not published',
      `${from} links to "${href}" (on ${pages}), but ${target} is ${state}: the link would be broken on the published site.`,
      `Publish ${target} first (remove \`draft: true\`, or wait for its date), or remove the link until it is. \`stitch build --drafts\` previews both.`, where),
  linkToRedirect: (where: Where, href: string, to: string, pages: string) =>
    make('LinkToRedirectWarning', 'warning', 'Link to a redirect',
      `Link to "${href}" on ${pages} goes through a redirect to "${to}".`,
      `Link to "${to}" directly: visitors skip a hop and search engines see the real page.`, where),
  insecureLink: (where: Where, href: string, pages: string) =>
    make('InsecureLinkWarning', 'warning', 'Link to an http:// page',
      `Link to "${href}" on ${pages} uses http://, which browsers mark as not secure.`,
      `Write "${href.replace(/^http:/i, 'https:')}" in full if that site supports HTTPS (a bare "www." address becomes an http:// link).`, where),
  titleTooLong: (where: Where, title: string, page: string) =>
    make('TitleTooLongWarning', 'warning', 'Page title over 60 characters',
      `The title of ${page} is ${title.length} characters long (over 60), so search results cut it off: "${title}".`,
      'Shorten the title (metaTitle or title) so the whole page title, with the site name, fits in 60 characters.', where),
  descriptionLength: (where: Where, page: string, written: string, suffix?: string) => {
    const full = written.length + (suffix?.length ?? 0);
    const added = suffix ? `; stitch adds "${suffix.trim()}" to a description without "Albuquerque", which makes it ${full}` : '';
    return make('DescriptionLengthWarning', 'warning', 'Description length outside 50–160 characters',
      `The description of ${page} is ${written.length} characters ${suffix ? 'as written' : 'long'}${added} (${full < 50 ? 'under 50' : 'over 160'}): "${written.length > 80 ? `${written.slice(0, 77)}...` : written}".`,
      full < 50 ? 'Write one or two sentences (50–160 characters) that tell a searcher what the page offers.'
        : suffix ? `Shorten it to at most ${160 - suffix.length} characters, or name Albuquerque in it (then nothing is added and it may have 160).`
          : 'Shorten the description (metaDescription or description) to at most 160 characters.', where);
  },
  duplicateTitle: (where: Where, title: string, page: string, others: string[]) =>
    make('DuplicateTitleWarning', 'warning', 'Duplicate page title',
      `${page} has the same title as ${others.join(', ')}: "${title}".`,
      'Give every page its own title so search results tell them apart.', where),
  duplicateDescription: (where: Where, page: string, others: string[]) =>
    make('DuplicateDescriptionWarning', 'warning', 'Duplicate description',
      `${page} has the same description as ${others.join(', ')}.`,
      'Give every page its own description so search results tell them apart.', where),
  imageWithoutAlt: (where: Where, src: string, pages: string) =>
    make('ImageAltWarning', 'warning', 'Image without alt text',
      `The image "${src}" on ${pages} has no alt text.`,
      'Describe the image for people who cannot see it: ![A restored leather seat](/images/seat.jpg) in Markdown, `alt` in YAML. Use alt="" only for decoration.', where),
  unusedTagLabel: (where: Where, tag: string, tags: string[]) => {
    const close = closestName(tag, tags);
    return make('UnusedTagLabelWarning', 'warning', 'Label for a tag no post uses',
      `\`tagLabels\` names the tag "${tag}", which no post uses${close ? `; did you mean "${close}"?` : '.'}`,
      'Write the tag exactly as the posts\' `tags:` do (lowercase words joined by hyphens), or remove the label.', where);
  },
  similarTags: (where: Where, tag: string, canonical: string, count: number) =>
    make('SimilarTagsWarning', 'warning', 'Tags that differ only in spelling',
      `Tag "${tag}" differs from "${canonical}" (used by ${count} post${count === 1 ? '' : 's'}) only by case, spacing or hyphenation; the blog shows them as two tags.`,
      `Write "${canonical}" everywhere.`, where),
  deployHookPublic: () =>
    make('DeployHookPublicWarning', 'warning', 'The deploy hook URL becomes public',
      'VITE_VERCEL_DEPLOY_HOOK is set: its URL is built into the JavaScript of /admin/rebuild, so anyone who reads the page can trigger rebuilds.',
      'Unset it for public builds, or protect /admin/rebuild at the host (password or IP rule) and rotate the hook if it leaked.'),
  rawHtml: (where: Where, snippet: string) =>
    make('RawHtmlWarning', 'warning', 'Raw HTML in Markdown',
      `Raw HTML is removed from the page: ${snippet}`,
      'Write it in Markdown instead: **bold**, *italic*, [links](/contact), ![images](/images/x.jpg "title"), lists and tables.', where),
  budgetExceeded: (path: string, what: string, bytes: number, budget: number, where: Where = {}) =>
    make('BudgetExceededError', 'error', 'Page weight over budget',
      (bytes / 1024).toFixed(1) === (budget / 1024).toFixed(1)
        ? `${path}: ${what} is ${bytes} bytes gzip, over its budget of ${budget} bytes (${(budget / 1024).toFixed(1)} KB).`
        : `${path}: ${what} is ${(bytes / 1024).toFixed(1)} KB gzip, over its budget of ${(budget / 1024).toFixed(1)} KB.`,
      'Make the page lighter (less markup, fewer or smaller islands, a smaller image), or raise the budget under `budgets:` in content/site.yaml (KB, gzip). `stitch build --no-budgets` skips the check.', where),
  originalImageLoaded: (path: string, src: string, bytes: number, budget: number, where: Where = {}) =>
    make('OriginalImageWarning', 'warning', 'Full-size photo on a phone',
      `${path}: loads the original ${src} (${(bytes / 1024).toFixed(1)} KB, over the ${(budget / 1024).toFixed(1)} KB image budget) although smaller AVIF and WebP variants of it exist.`,
      'Render the photo from its entry in layout.images (a <picture> with the AVIF and WebP srcsets and a `sizes` attribute, see src/images/image-manifest.ts) instead of its original path.', where),
  yamlAliasLimit: (where: Where, limit: number) =>
    make('YamlAliasLimitError', 'error', 'Too many YAML aliases',
      `Invalid YAML: its aliases (\`*name\`) expand to more than ${limit} copies, as a file built to exhaust memory does.`,
      'Write the values out instead of repeating an anchor (`&name`) through aliases (`*name`).', where),
  invalidSiteUrlVariable: (value: string) =>
    make('InvalidSiteUrlError', 'error', 'SITE_URL is not an http(s) address',
      `The environment variable SITE_URL must be an absolute http:// or https:// address like "https://www.example.com", found "${value.length > 80 ? `${value.slice(0, 77)}...` : value}".`,
      'Set SITE_URL to the site\'s origin (scheme and host, no path), or unset it to use `url:` in content/site.yaml.', { field: 'SITE_URL' }),
  markdownFailed: (where: Where, reason: string) =>
    make('MarkdownError', 'error', 'Markdown that cannot be rendered',
      `The Markdown of this file cannot be rendered: ${reason}.`,
      'Look for structure nested thousands of levels deep (quotes `>`, lists, brackets) or thousands of `*`, `_` or `[` in a row, and flatten or escape it.', where),
  siteUrlMissing: () =>
    make('SiteUrlMissingError', 'error', 'The site\'s address is not set',
      'Neither the environment variable SITE_URL nor `url:` in content/site.yaml gives the site\'s address: canonical URLs, og:url, og:image, the sitemap and the blog feeds must be absolute.',
      'Set SITE_URL to the site\'s origin, like "https://www.example.com", or add `url:` to content/site.yaml.', { field: 'SITE_URL' }),
  photoUnreadable: (where: Where, reason: string) =>
    make('PhotoUnreadableError', 'error', 'Photo cannot be read',
      `This photo cannot be read as an image (${reason}), so its smaller versions cannot be made.`,
      'Replace the file with a valid JPEG (export it again from the camera or photo editor), or point the content at another photo.', where),
  cardPhotoUnreadable: (where: Where, photo: string, pages: string, reason: string) =>
    make('CardPhotoWarning', 'warning', 'Cover photo left off a social card',
      `The photo "${photo}" cannot be read (${reason}): the social card of ${pages} is made without it.`,
      'Replace the file with a valid JPEG, PNG or WebP image, or name another photo.', where),
  cardFailed: (page: string, reason: string) =>
    make('CardError', 'error', 'Social card not drawn',
      `The social card of ${page} could not be drawn: ${reason}`,
      'Check the card template (templates/cards) with this page\'s title and category; run the build again after fixing it.'),
  ogImageUnfit: (where: Where, path: string, found: string) =>
    make('OgImageError', 'error', 'Social image too small or not an image',
      `Field \`${where.field}\`: expected a JPEG, PNG, WebP or GIF image of at least 1200×630 pixels, found ${found} in "${path}".`,
      'Export the image at 1200×630 (the size social networks show), or remove `ogImage:` to use the drawn card.', where),
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

/** The known field name closest to a misspelt one (Levenshtein), when it is close enough to be meant. */
function closestName(name: string, known: string[]): string | undefined {
  const best = known
    .map((k) => ({ k, d: distance(name.toLowerCase(), k.toLowerCase()) }))
    .sort((a, b) => a.d - b.d)[0];
  return best && best.d <= Math.max(2, Math.floor(name.length / 3)) && best.d < Math.min(name.length, best.k.length) ? best.k : undefined;
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
