#!/usr/bin/env node
// `npm run schemas`: writes the editors' JSON Schema files (schemas/*.schema.json) from the zod
// schemas the build validates with (src/content/json-schemas.ts). Run it after changing
// src/content/schemas.ts; test/json-schemas.test.ts fails while the committed files are stale.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'schemas');

const { register } = await import('tsx/esm/api');
register();
const { editorSchemaFiles } = await import(pathToFileURL(join(ROOT, 'src/content/json-schemas.ts')).href);

mkdirSync(OUT, { recursive: true });
const files = editorSchemaFiles();
let changed = 0;
for (const [name, text] of files) {
  const path = join(OUT, name);
  let old;
  try {
    old = readFileSync(path, 'utf8');
  } catch {
    old = undefined;
  }
  if (old === text) continue;
  writeFileSync(path, text);
  changed++;
  process.stdout.write(`wrote schemas/${name}\n`);
}
// A schema file no collection makes any more would mislead editors.
for (const name of readdirSync(OUT)) {
  if (name.endsWith('.schema.json') && !files.has(name)) {
    rmSync(join(OUT, name));
    changed++;
    process.stdout.write(`removed schemas/${name}\n`);
  }
}
process.stdout.write(`${files.size} schemas in schemas/, ${changed === 0 ? 'all up to date' : `${changed} changed`}.\n`);
