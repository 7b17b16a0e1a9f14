// A small JSON Schema (draft-07) checker for the keywords our generated schemas use, so the test
// can run content through the editor schemas without a validator package. `KEYWORDS` lists what
// it understands; the test fails when a schema uses any other keyword (nothing is skipped unseen).

type Schema = Record<string, unknown>;

/** Keywords that constrain, and the ones that only annotate. */
export const KEYWORDS = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems',
  'minLength', 'maxLength', 'pattern', 'enum', 'minimum', 'maximum', 'exclusiveMinimum', 'anyOf',
  '$schema', 'title', 'description', 'default', 'format', 'propertyNames',
]);

/** Every keyword a schema uses, at any depth. */
export function keywordsOf(schema: Schema, into = new Set<string>()): Set<string> {
  for (const [key, value] of Object.entries(schema)) {
    into.add(key);
    if (key === 'properties') for (const sub of Object.values(value as Record<string, Schema>)) keywordsOf(sub, into);
    else if (key === 'anyOf') for (const sub of value as Schema[]) keywordsOf(sub, into);
    else if ((key === 'items' || key === 'additionalProperties' || key === 'propertyNames') && typeof value === 'object' && value) keywordsOf(value as Schema, into);
  }
  return into;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The problems of `value` against `schema`, each as "<json pointer>: <what>"; empty when valid. */
export function checkJsonSchema(schema: Schema, value: unknown, at = ''): string[] {
  const out: string[] = [];
  const where = at || '/';
  if (schema.type !== undefined) {
    const types = ([] as unknown[]).concat(schema.type);
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) return [`${where}: expected ${types.join(' or ')}, found ${actual}`];
  }
  if (schema.enum && !(schema.enum as unknown[]).includes(value)) out.push(`${where}: not one of ${JSON.stringify(schema.enum)}`);
  if (schema.anyOf && !(schema.anyOf as Schema[]).some((s) => checkJsonSchema(s, value, at).length === 0)) out.push(`${where}: matches no option of anyOf`);
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) out.push(`${where}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) out.push(`${where}: longer than ${schema.maxLength}`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) out.push(`${where}: does not match ${schema.pattern}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) out.push(`${where}: below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) out.push(`${where}: above ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) out.push(`${where}: not above ${schema.exclusiveMinimum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) out.push(`${where}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) out.push(`${where}: more than ${schema.maxItems} items`);
    if (schema.items && typeof schema.items === 'object') value.forEach((item, i) => out.push(...checkJsonSchema(schema.items as Schema, item, `${at}/${i}`)));
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const key of (schema.required ?? []) as string[]) if (!(key in object)) out.push(`${where}: missing required "${key}"`);
    for (const [key, item] of Object.entries(object)) {
      // A map's keys (site.yaml tagLabels: tag → label) are checked as strings of their own.
      if (schema.propertyNames && typeof schema.propertyNames === 'object') out.push(...checkJsonSchema(schema.propertyNames as Schema, key, `${at}/${key} (key)`));
      if (properties[key]) out.push(...checkJsonSchema(properties[key], item, `${at}/${key}`));
      else if (schema.additionalProperties === false) out.push(`${where}: unknown key "${key}"`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') out.push(...checkJsonSchema(schema.additionalProperties as Schema, item, `${at}/${key}`));
    }
  }
  return out;
}
