// html-validate's configuration for the built pages (test/html-validate.test.ts runs it over
// every page; `npx html-validate dist` uses it too). The recommended preset, less the rules
// about how markup is spelled rather than what it means: the pages are written by React's
// server renderer, whose spelling is valid HTML.
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes `<!doctype html>`-style lowercase and keeps camelCase names of a few
    // attributes (`noValidate`, `autoComplete`, `maxLength`): HTML names are case-insensitive.
    'doctype-style': 'off',
    'attr-case': 'off',
    // React writes boolean attributes as `disabled=""` and void elements as `<input/>`: both valid.
    'attribute-boolean-style': 'off',
    'void-style': 'off',
    // Heading ids come from the heading text (rehype-slug): "1-comfort-…" is a valid HTML id.
    'valid-id': ['error', { relaxed: true }],
    // Phone links keep their number on one line with CSS (a[href^="tel:"] { white-space:
    // nowrap } in templates/styles/base.css), which this rule cannot see.
    'tel-non-breaking': 'off',
    // Photos carry their blurred placeholder as an inline background-image, a data URI per
    // photo (the only inline style of the site). The rule's allowedProperties cannot allow it:
    // its parser splits the declaration at the `;` of `data:image/webp;base64`. Turn it back
    // on when the placeholders move out of style attributes (the Content-Security-Policy work).
    'no-inline-style': 'off',
  },
};
