// One error type for everything an editor or developer can see: a location, a code frame,
// a hint and the cause. Stages collect diagnostics instead of throwing one at a time.

/** `info`: a fact worth knowing that is not a problem (a scheduled post); never fails a run, not even with --strict. */
export type Severity = 'error' | 'warning' | 'info';

/** Where a diagnostic points. */
export interface Where {
  /** Relative to the project root. */
  file?: string;
  /** 1-based line and column. */
  line?: number;
  column?: number;
  /** Dotted field path inside the file, e.g. `services[2].relatedServices[0]`. */
  field?: string;
}

export interface Diagnostic extends Where {
  /** Stable name from the error catalogue, e.g. `ContentSchemaError`. */
  code: string;
  severity: Severity;
  /** One-line title from the catalogue. */
  title: string;
  /** What was expected and what was found. */
  message: string;
  /** How to fix it. */
  hint?: string;
  /** The lines around the problem, with a marker, when the file could be read. */
  frame?: string;
  /** Structured facts for the stages that read diagnostics (never shown), so none parses a message. */
  data?: {
    /** The public path of the asset a MissingAssetError names. */
    assetPath?: string;
  };
}

/** A diagnostic of the catalogue (catalogue.ts). */
export function make(code: string, severity: Severity, title: string, message: string, hint: string, where: Where = {}): Diagnostic {
  return { code, severity, title, message, hint, ...where };
}

/** Thrown by a stage that cannot go on; carries every diagnostic collected so far. */
export class StitchError extends Error {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[], options?: { cause?: unknown }) {
    super(diagnostics.map((d) => d.message).join('\n'), options);
    this.name = 'StitchError';
    this.diagnostics = diagnostics;
  }
}

export function hasErrors(diagnostics: Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** A frame line's most characters: a post can be one line of megabytes. */
const FRAME_WIDTH = 240;

/** A code frame of the lines around `line` (1-based), the offending line marked. */
export function codeFrame(source: string, line: number, column?: number): string {
  const lines = source.split(/\r?\n/, line + 2); // no further than the frame: 400 warnings framed on every warm build
  const start = Math.max(1, line - 2);
  const end = Math.min(lines.length, line + 2);
  const width = String(end).length;
  const out: string[] = [];
  for (let n = start; n <= end; n++) {
    const mark = n === line ? '>' : ' ';
    const text = lines[n - 1] ?? '';
    out.push(`${mark} ${String(n).padStart(width)} | ${text.length > FRAME_WIDTH ? `${text.slice(0, FRAME_WIDTH)}…` : text}`);
    if (n === line && column && column > 0) {
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(column - 1)}^`);
    }
  }
  return out.join('\n');
}

/** Wrap, don't replace: a stage adds what it was doing and keeps the cause. */
export function wrapError(error: unknown, doing: string, file?: string): Diagnostic {
  const cause = error instanceof Error ? error.message : String(error);
  return make('InternalError', 'error', 'Unexpected error', `Unexpected error while ${doing}: ${cause}`,
    'This is probably a bug in a template or in stitch. Run with STITCH_DEBUG=1 for the stack trace.', { file });
}
