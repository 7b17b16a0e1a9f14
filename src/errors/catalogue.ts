// The error catalogue: every error an editor or developer can see, with a stable name,
// a title, a message built from its arguments and a hint. Stages build diagnostics only here;
// the findings in the rendered site (links, search results, Markdown, tags, page weight) are in
// site-findings.ts, part of `errors` too.
import { closestName, suggest } from './closest-name.ts';
import { make, type Where } from './diagnostic.ts';
import { siteFindings } from './site-findings.ts';

/** A placeholder as messages quote it: its first 60 characters. */
const placeholderText = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}...` : value);

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
  ...siteFindings,
};
