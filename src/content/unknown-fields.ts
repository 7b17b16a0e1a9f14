// Finds the keys of a parsed file that its zod schema does not know. zod strips them without a
// word, so a typo (`descripton:`) would silently drop a field: we walk the schema's object shapes
// beside the data instead of keeping a second list of field names by hand.
import type { z } from 'zod';

export interface UnknownKey {
  /** Path of the unknown key itself, e.g. ['address', 'stret']. */
  path: PropertyKey[];
  /** The keys the schema knows at that level, for a "did you mean" suggestion. */
  known: string[];
}

export function unknownKeys(schema: z.core.$ZodType, data: unknown): UnknownKey[] {
  const found: UnknownKey[] = [];
  walk(schema, data, [], found);
  return found;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

function walk(schema: z.core.$ZodType, data: unknown, path: PropertyKey[], found: UnknownKey[]): void {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object': {
      if (!isPlainObject(data)) return;
      const shape = def.shape;
      for (const [key, value] of Object.entries(data)) {
        const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
        if (field) walk(field, value, [...path, key], found);
        // A catchall decides extra keys itself: `.strict()` already rejects them (one message is
        // enough), `.catchall(x)` / `.loose()` accept them.
        else if (!def.catchall) found.push({ path: [...path, key], known: Object.keys(shape) });
        else walk(def.catchall, value, [...path, key], found);
      }
      return;
    }
    case 'array':
      if (Array.isArray(data)) data.forEach((item, i) => walk(def.element, item, [...path, i], found));
      return;
    case 'record':
      if (isPlainObject(data)) for (const [key, value] of Object.entries(data)) walk(def.valueType, value, [...path, key], found);
      return;
    case 'union': {
      // The option the data fits best: the one that finds the fewest unknown keys.
      let best: UnknownKey[] | undefined;
      for (const option of def.options) {
        const inOption: UnknownKey[] = [];
        walk(option, data, path, inOption);
        if (!best || inOption.length < best.length) best = inOption;
      }
      found.push(...(best ?? []));
      return;
    }
    case 'pipe':
      // The editor writes the pipe's input; a preprocess step (a transform first) has no shape.
      walk(def.in._zod.def.type === 'transform' ? def.out : def.in, data, path, found);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
      walk(def.innerType, data, path, found);
      return;
    case 'lazy':
      walk(def.getter(), data, path, found);
      return;
    default:
      return;
  }
}
