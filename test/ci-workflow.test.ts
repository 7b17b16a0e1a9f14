// The CI workflow users copy (.github/workflows/site.yml): parsed as GitHub Actions reads it,
// with the triggers, jobs and steps README's "Deploying" promises; and the annotations its
// `stitch check --format github` step relies on (repository-relative paths).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './helpers/build-site.ts';
import { runCli } from './helpers/run-cli.ts';

interface Step { name?: string; uses?: string; run?: string; with?: Record<string, unknown>; if?: string }
interface Job { if?: string; 'runs-on': string; steps: Step[]; permissions?: Record<string, string>; concurrency?: { group: string; 'cancel-in-progress': unknown } }
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': unknown };
  env: Record<string, string>;
  jobs: Record<string, Job>;
}

const workflow = parse(readFileSync(join(ROOT, '.github/workflows/site.yml'), 'utf8')) as Workflow;
const CACHE_KEY = "hashFiles('package-lock.json', 'src/**')";

/** The index of the first step matching, failing the test when there is none. */
function stepIndex(job: Job, match: (s: Step) => boolean, what: string): number {
  const i = job.steps.findIndex(match);
  expect(i, what).toBeGreaterThanOrEqual(0);
  return i;
}
const uses = (action: string) => (s: Step) => s.uses?.split('@')[0] === action;
const runs = (command: string) => (s: Step) => s.run?.trim() === command;

/** The steps every build runs, in order: checkout, Node 20+ with npm's cache, npm ci, check, build. */
function expectBuildSteps(job: Job): { check: number; build: number } {
  const checkout = stepIndex(job, uses('actions/checkout'), 'checkout');
  const node = stepIndex(job, uses('actions/setup-node'), 'setup-node');
  const setup = job.steps[node].with ?? {};
  expect(Number.parseInt(String(setup['node-version']), 10)).toBeGreaterThanOrEqual(20);
  expect(setup.cache).toBe('npm');
  const install = stepIndex(job, runs('npm ci'), 'npm ci');
  const check = stepIndex(job, runs('npx stitch check --format github'), 'check with annotations');
  const build = stepIndex(job, runs('npx stitch build'), 'build');
  expect([checkout, node, install, check, build]).toEqual([...[checkout, node, install, check, build]].sort((a, b) => a - b));
  for (const step of job.steps) if (step.uses) expect(step.uses, 'actions are pinned to a major version').toMatch(/^[\w.-]+\/[\w.-]+(\/[\w.-]+)*@v\d+$/);
  return { check, build };
}

describe('.github/workflows/site.yml', () => {
  it('runs on pull requests, pushes to main, a daily schedule and by hand', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push', 'schedule', 'workflow_dispatch']);
    expect((workflow.on.push as { branches: string[] }).branches).toEqual(['main']);
    const [{ cron }] = workflow.on.schedule as { cron: string }[];
    // Once a day: fixed minute and hour, every day of every month.
    const [minute, hour, ...rest] = cron.split(/\s+/);
    expect(Number(minute)).toBeGreaterThanOrEqual(0);
    expect(Number(minute)).toBeLessThan(60);
    expect(Number(hour)).toBeGreaterThanOrEqual(0);
    expect(Number(hour)).toBeLessThan(24);
    expect(rest).toEqual(['*', '*', '*']);
  });

  it('asks for no permission beyond reading the repository', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const [name, job] of Object.entries(workflow.jobs)) {
      for (const [scope, level] of Object.entries(job.permissions ?? {})) expect(`${name}: ${scope}: ${level}`).not.toMatch(/write/);
    }
  });

  it('takes the site URL and the quote webhook from repository variables and secrets', () => {
    for (const name of ['SITE_URL', 'QUOTE_WEBHOOK_URL', 'QUOTE_WEBHOOK_KEY']) expect(workflow.env[name], name).toMatch(new RegExp(`^\\$\\{\\{ (vars|secrets)\\.${name} \\}\\}$`));
  });

  /** The one job that runs under `condition`. */
  const onlyJob = (condition: string) => {
    const jobs = Object.values(workflow.jobs).filter((j) => j.if === condition);
    expect(jobs, condition).toHaveLength(1);
    return jobs[0];
  };

  it('pull requests: checkout, Node with npm cache, npm ci, check with GitHub annotations, build; no deploy', () => {
    const job = onlyJob("github.event_name == 'pull_request'");
    const { build } = expectBuildSteps(job);
    // Warm from main's cache, read only: a pull request never saves one.
    const restore = stepIndex(job, uses('actions/cache/restore'), 'cache restore');
    expect(restore).toBeLessThan(build);
    expect(job.steps[restore].with?.path).toBe('.stitch/cache');
    expect(job.steps.some(uses('actions/cache'))).toBe(false);
    expect(job.steps.some((s) => /deploy/i.test(`${s.uses ?? ''} ${s.run ?? ''} ${String(s.with?.command ?? '')}`))).toBe(false);
  });

  it('main: the same with .stitch/cache restored and saved by actions/cache, then a deploy of dist/; deploys never overlap', () => {
    const job = onlyJob("github.event_name != 'pull_request'");
    const { build } = expectBuildSteps(job);
    const cache = stepIndex(job, uses('actions/cache'), 'actions/cache');
    expect(cache).toBeLessThan(build);
    const { path, key, 'restore-keys': restoreKeys } = job.steps[cache].with as { path: string; key: string; 'restore-keys': string };
    expect(path).toBe('.stitch/cache');
    expect(key).toContain(CACHE_KEY);
    const prefixes = restoreKeys.trim().split('\n').map((k) => k.trim());
    expect(prefixes.length).toBeGreaterThan(0);
    // Each restore key is a prefix of the key, so a run finds the newest cache of its engine, then any.
    for (const prefix of prefixes) expect(key.startsWith(prefix), prefix).toBe(true);
    const deploy = stepIndex(job, uses('cloudflare/wrangler-action'), 'Cloudflare Pages deploy');
    expect(deploy).toBeGreaterThan(build);
    const { apiToken, accountId, command } = job.steps[deploy].with as Record<string, string>;
    expect(command).toMatch(/^pages deploy dist\b/);
    expect(apiToken).toBe('${{ secrets.CLOUDFLARE_API_TOKEN }}');
    expect(accountId).toBe('${{ secrets.CLOUDFLARE_ACCOUNT_ID }}');
    expect(job.concurrency?.group).toBeTruthy();
    expect(job.concurrency?.['cancel-in-progress']).toBe(false);
    // A pull request's run never shares (or cancels) the deploy's group.
    expect(workflow.concurrency?.group).not.toBe(job.concurrency?.group);
  });
});

describe('stitch check --format github, as the workflow runs it from the repository root', () => {
  it('annotates with the file relative to the repository, its line and column', () => {
    // Content inside the project (in .stitch/, which git ignores), as a repository's content/ is.
    mkdirSync(join(ROOT, '.stitch'), { recursive: true });
    const dir = mkdtempSync(join(ROOT, '.stitch', 'ci-content-'));
    try {
      cpSync(join(ROOT, 'test/fixtures/mini'), dir, { recursive: true });
      cpSync(join(ROOT, 'test/fixtures/check-errors/blog/check-broken-post.md'), join(dir, 'blog/check-broken-post.md'));
      const r = runCli(['check', '--content', dir, '--format', 'github']);
      expect(r.code).toBe(1);
      const file = `${relative(ROOT, dir)}/blog/check-broken-post.md`;
      expect(r.stdout.split('\n')).toContainEqual(expect.stringMatching(new RegExp(`^::error file=${file.replace(/[.]/g, '\\.')},line=12,col=3,title=Broken link::`)));
      expect(r.stdout).not.toContain(`file=${ROOT}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
