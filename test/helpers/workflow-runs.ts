// Decides which jobs and steps of .github/workflows/site.yml run for an event, as GitHub does:
// GitHub's own workflow parser (@actions/workflow-parser: the schema, and each `if` made
// `success() && (…)` when it names no status function) and its expression evaluator
// (@actions/expressions). Every step that runs succeeds; steps are not executed.
import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import type { FunctionDefinition } from '@actions/expressions/funcs/info';
import { truthy } from '@actions/expressions/result';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parse } from 'yaml';

export interface WorkflowStep { id?: string; name?: string; uses?: string; run?: string; if?: string; with?: Record<string, string>; env?: Record<string, string> }

/** The `github` context of a run (the fields the workflow reads). */
export interface GithubContext {
  event_name: string;
  ref: string;
  ref_name: string;
  head_ref?: string;
  repository: string;
  event?: { pull_request?: { head: { repo: { full_name: string } } } };
}

export interface PlannedJob {
  id: string;
  /** The steps that run, in order, with their `if` and `${{ }}` values as the runner would evaluate them. */
  steps: WorkflowStep[];
}

/** The runner's functions: the status functions (every step so far succeeded) and hashFiles. */
const FUNCTIONS: FunctionDefinition[] = [
  ...['success', 'always'].map((name) => ({ name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(true) })),
  ...['failure', 'cancelled'].map((name) => ({ name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(false) })),
  { name: 'hashFiles', minArgs: 1, maxArgs: 255, call: () => new data.StringData('0123abcd') },
];

/** An expression (without `${{ }}`) evaluated against `contexts`. */
export function evaluate(expression: string, contexts: Record<string, unknown>): data.ExpressionData {
  const { tokens } = new Lexer(expression).lex();
  const tree = new Parser(tokens, Object.keys(contexts), FUNCTIONS).parse();
  const values = JSON.parse(JSON.stringify(contexts), data.reviver) as data.Dictionary;
  return new Evaluator(tree, values, new Map(FUNCTIONS.map((f) => [f.name.toLowerCase(), f]))).evaluate();
}

/** `text` with every `${{ expression }}` replaced by its value. */
export function interpolate(text: string, contexts: Record<string, unknown>): string {
  return text.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) => evaluate(expression.trim(), contexts).coerceString());
}

/** The workflow as GitHub's parser reads it: its errors (none for a valid workflow) and a planner of runs. */
export async function readWorkflow(name: string, text: string) {
  const parsed = parseWorkflow({ name, content: text }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  const template = parsed.value && errors.length === 0 ? await convertWorkflowTemplate(parsed.context, parsed.value) : undefined;
  errors.push(...(template?.errors ?? []).map((e) => e.Message));
  const raw = template ? parse(text) as { jobs: Record<string, { steps: WorkflowStep[] }> } : undefined;

  /** The jobs that run for `github`, each with the steps that run; `outputs` are the outputs of steps by id. */
  function plan(github: GithubContext, outputs: Record<string, Record<string, string>> = {}): PlannedJob[] {
    const jobs: PlannedJob[] = [];
    for (const job of template?.jobs ?? []) {
      if (job.type !== 'job' || !truthy(evaluate(job.if.expression, { github }))) continue;
      const steps: WorkflowStep[] = [];
      const stepsContext: Record<string, { outcome: string; conclusion: string; outputs: Record<string, string> }> = {};
      job.steps.forEach((step, i) => {
        const source = raw!.jobs[job.id.value].steps[i];
        const runs = truthy(evaluate(step.if?.expression ?? 'success()', { github, steps: stepsContext }));
        const outcome = runs ? 'success' : 'skipped';
        if (source.id) stepsContext[source.id] = { outcome, conclusion: outcome, outputs: runs ? outputs[source.id] ?? {} : {} };
        if (!runs) return;
        const contexts = { github, steps: stepsContext, vars: { CLOUDFLARE_PROJECT_NAME: 'shop-site' }, secrets: {}, runner: { os: 'Linux' } };
        const values = (map?: Record<string, string>) => map && Object.fromEntries(Object.entries(map).map(([k, v]) => [k, interpolate(String(v), contexts)]));
        steps.push({ ...source, with: values(source.with), env: values(source.env) });
      });
      jobs.push({ id: job.id.value, steps });
    }
    return jobs;
  }
  return { errors, plan };
}
