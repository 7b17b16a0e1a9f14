// JSON Schema for editors, made from the same zod schemas the build validates with (zod's
// toJSONSchema), so autocomplete, hover docs and squiggles cannot drift from `stitch check`.
// `npm run schemas` writes them to schemas/; test/json-schemas.test.ts fails when they are stale.
import { z } from 'zod';
import * as schemas from './schemas.ts';

export interface EditorSchema {
  /** File name in schemas/. */
  file: string;
  /**
   * The content files it describes, as globs relative to the project root. .vscode/settings.json
   * maps the YAML ones (the YAML extension matches a glob against the end of a file's path).
   */
  files: string[];
  /** True when the files are YAML files an editor can check (not Markdown front matter). */
  yaml: boolean;
  title: string;
  schema: z.ZodType;
}

export const EDITOR_SCHEMAS: EditorSchema[] = [
  { file: 'site.schema.json', files: ['content/site.yaml'], yaml: true, title: 'content/site.yaml: business facts, contact, hours, areas, site URL', schema: schemas.siteSchema },
  { file: 'service-category.schema.json', files: ['content/services/*.yaml', 'content/services/*.yml'], yaml: true, title: 'content/services/<categoryId>.yaml: one service category with its services', schema: schemas.categorySchema },
  { file: 'detailing.schema.json', files: ['content/detailing/*.yaml', 'content/detailing/*.yml'], yaml: true, title: 'content/detailing/<id>.yaml: one detailing service', schema: schemas.detailingSchema },
  { file: 'location.schema.json', files: ['content/locations/*.yaml', 'content/locations/*.yml'], yaml: true, title: 'content/locations/<id>.yaml: one service-area page', schema: schemas.locationSchema },
  { file: 'gallery.schema.json', files: ['content/gallery.yaml'], yaml: true, title: 'content/gallery.yaml: the gallery photos', schema: schemas.gallerySchema },
  { file: 'testimonials.schema.json', files: ['content/testimonials.yaml'], yaml: true, title: 'content/testimonials.yaml: customer reviews', schema: schemas.testimonialsSchema },
  { file: 'home-page.schema.json', files: ['content/pages/home.yaml'], yaml: true, title: 'content/pages/home.yaml: home page copy', schema: schemas.homeSchema },
  { file: 'detailing-page.schema.json', files: ['content/pages/detailing.yaml'], yaml: true, title: 'content/pages/detailing.yaml: detailing list page copy', schema: schemas.detailingPageSchema },
  { file: 'redirects.schema.json', files: ['content/redirects.yaml'], yaml: true, title: 'content/redirects.yaml: retired paths and where they go', schema: schemas.redirectsSchema },
  // Front matter: VS Code's YAML extension does not look inside Markdown, so these document the
  // fields (and serve tools that extract front matter); see README "Editing content".
  { file: 'about-page.schema.json', files: ['content/pages/about.md'], yaml: false, title: 'Front matter of content/pages/about.md', schema: schemas.aboutSchema },
  { file: 'legal-page.schema.json', files: ['content/pages/privacy.md', 'content/pages/terms.md'], yaml: false, title: 'Front matter of content/pages/privacy.md and terms.md', schema: schemas.legalSchema },
  { file: 'post.schema.json', files: ['content/blog/*.md'], yaml: false, title: 'Front matter of a blog post, content/blog/<slug>.md', schema: schemas.postSchema },
];

/** What a calendar date looks like as written (the schema's input; the transform normalises it). */
const CALENDAR_DATE_INPUT = { type: 'string', pattern: '^(\\d{4}-\\d{1,2}-\\d{1,2}|\\d{1,2}/\\d{1,2}/\\d{4})$' } as const;

function derivesFrom(schema: z.core.$ZodType, base: z.core.$ZodType): boolean {
  for (let s: z.core.$ZodType | undefined = schema; s; s = s._zod.parent) if (s === base) return true;
  return false;
}

export function toEditorJsonSchema(entry: EditorSchema): Record<string, unknown> {
  const json = z.toJSONSchema(entry.schema, {
    target: 'draft-07', // the draft every YAML language server understands
    io: 'input', // what editors write: the date before it is normalised, defaults optional
    // The Date arm of a calendar date (a parsed YAML timestamp) has no JSON form; the override
    // below replaces the whole date with its written form. Anything else unrepresentable throws.
    unrepresentable: ({ zodSchema }) => (zodSchema._zod.def.type === 'date' ? 'any' : 'throw'),
    override: ({ zodSchema, jsonSchema }) => {
      const out = jsonSchema as Record<string, unknown>;
      // zod only strips unknown keys; stitch warns about them, so editors squiggle them.
      if (zodSchema._zod.def.type === 'object' && out.additionalProperties === undefined) out.additionalProperties = false;
      if (derivesFrom(zodSchema, schemas.calendarDate)) {
        delete out.anyOf;
        Object.assign(out, CALENDAR_DATE_INPUT);
      }
    },
  }) as Record<string, unknown>;
  const { $schema, ...rest } = json;
  return { $schema, title: entry.title, ...rest };
}

/** Every schema file's text, keyed by its file name in schemas/. */
export function editorSchemaFiles(): Map<string, string> {
  return new Map(EDITOR_SCHEMAS.map((entry) => [entry.file, `${JSON.stringify(toEditorJsonSchema(entry), null, 2)}\n`]));
}
