// The findings of stitch check in the rendered site, part of the error catalogue (`errors`,
// catalogue.ts): links and files, search-result titles and descriptions, Markdown, tags and
// page weight. `pages` names where a problem shows, e.g. "/blog/x" or "/, /about and 40 more pages".
import { closestName, suggest } from './closest-name.ts';
import { make, type Where } from './diagnostic.ts';

export const siteFindings = {
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
};
