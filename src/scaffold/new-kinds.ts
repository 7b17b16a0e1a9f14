// The kinds `stitch new` knows: one per template in the site's templates/new/ (`post.md`,
// `location.yaml`, …), so a site adds a kind by adding a file. Read when the CLI starts (to list
// them in `stitch new --help`): no parser is loaded here.
import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';

export interface NewKind {
  /** The template's name without its extension: `post`. */
  name: string;
  /** The template's file. */
  template: string;
  /** Where a new file goes, relative to the content folder: `blog`. */
  folder: string;
  /** `.md` or `.yaml` (`.yml`). */
  ext: string;
}

/** The content folders whose names differ from their kinds'; any other kind writes to the folder of its name. */
const FOLDERS: Record<string, string> = { post: 'blog', location: 'locations' };

/** The templates of `templatesDir`/new, sorted by name (none when there is no such folder); one per name. */
export function newKinds(templatesDir: string): NewKind[] {
  let names: string[];
  try {
    names = readdirSync(join(templatesDir, 'new')).sort();
  } catch {
    return [];
  }
  const kinds = names.filter((file) => /^[a-z0-9][a-z0-9-]*\.(md|ya?ml)$/.test(file)).map((file) => {
    const ext = extname(file);
    const name = file.slice(0, -ext.length);
    return { name, template: join(templatesDir, 'new', file), folder: FOLDERS[name] ?? name, ext };
  });
  return kinds.filter((kind, i) => kinds.findIndex((k) => k.name === kind.name) === i); // post.md before post.yaml
}
