// Validates parsed data with zod's safeParse and maps each issue back to the file and line;
// keys the schema does not know (zod drops them silently) are warned at the key.
import type { z } from 'zod';
import { errors } from '../errors/catalogue.ts';
import type { Diagnostic } from '../errors/diagnostic.ts';
import { fieldName, type SourceDoc } from './parse-source.ts';
import { unknownKeys } from './unknown-fields.ts';

export function validate<S extends z.ZodType>(schema: S, doc: SourceDoc): { data?: z.output<S>; diagnostics: Diagnostic[] } {
  const result = schema.safeParse(doc.data);
  const unknown = unknownFieldWarnings(schema, doc);
  if (result.success) return { data: result.data, diagnostics: unknown };
  const diagnostics = result.error.issues.map((issue) => issueToDiagnostic(issue, doc));
  return { diagnostics: [...diagnostics, ...unknown] };
}

function unknownFieldWarnings(schema: z.ZodType, doc: SourceDoc): Diagnostic[] {
  return unknownKeys(schema, doc.data).map(({ path, known }) => {
    const { line, column } = doc.locate(path, true);
    return errors.unknownField({ file: doc.file, line, column, field: fieldName(path) }, String(path[path.length - 1]), known);
  });
}

function issueToDiagnostic(issue: z.core.$ZodIssue, doc: SourceDoc): Diagnostic {
  const path = issue.path;
  const { line, column } = doc.locate(path);
  const where = { file: doc.file, line, column, field: fieldName(path) || '(root)' };
  const found = valueAt(doc.data, path);
  if (issue.code === 'custom' && (issue.params as { stitch?: string } | undefined)?.stitch === 'date') {
    return errors.invalidDate(where, String((issue.params as { found?: unknown }).found ?? found));
  }
  const expected = describeExpected(issue);
  if (found === undefined) return errors.missingField(where, expected);
  return errors.schema(where, expected, describeValue(found));
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = data;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a text', number: 'a number', boolean: 'true or false', array: 'a list', object: 'a map of fields', date: 'a date',
};

function describeExpected(issue: z.core.$ZodIssue): string {
  const custom = issue.message && !/^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(issue.message) ? issue.message : undefined;
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_NAMES[issue.expected] ?? issue.expected;
    case 'too_small':
      if (custom) return custom;
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'a non-empty text' : `a text of at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `a list of at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`;
      return `at least ${issue.minimum}`;
    case 'too_big':
      if (custom) return custom;
      if (issue.origin === 'array') return `a list of at most ${issue.maximum} items`;
      if (issue.origin === 'string') return `a text of at most ${issue.maximum} characters`;
      return `at most ${issue.maximum}`;
    case 'invalid_format':
      return custom ?? `a valid ${issue.format}`;
    case 'invalid_value':
      return `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union':
      return 'a text';
    default:
      return custom ?? issue.message;
  }
}

export function describeValue(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'string') return value.trim() === '' ? 'an empty text' : `the text "${value.length > 60 ? `${value.slice(0, 57)}...` : value}"`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') return 'a map of fields';
  return String(value);
}
