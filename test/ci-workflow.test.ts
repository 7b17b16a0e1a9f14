// The CI workflow users copy (.github/workflows/site.yml): parsed as GitHub Actions reads it,
// with the triggers, jobs and steps README's "Deploying" promises; linted by GitHub's own
// workflow parser, and its conditions decided by GitHub's expression evaluator for each kind of
// run (only main deploys to production; a pull request gets a preview, one from a fork a line
// saying why not); and the annotations and job summary its check step relies on.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './helpers/build-site.ts';
import { runCli } from './helpers/run-cli.ts';
import { readWorkflow, type GithubContext, type PlannedJob } from './helpers/workflow-runs.ts';

interface Step { name?: string; uses?: string; run?: string; with?: Record<string, unknown>; if?: string }
interface Job { if?: string; 'runs-on': string; steps: Step[]; permissions?: Record<string, string>; concurrency?: { group: string; 'cancel-in-progress': unknown } }
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': unknown };
  env: Record<string, string>;
  jobs: Record<string, Job>;
}

const WORKFLOW_TEXT = readFileSync(join(ROOT, '.github/workflows/site.yml'), 'utf8');
const workflow = parse(WORKFLOW_TEXT) as Workflow;
const CACHE_KEY = "hashFiles('package-lock.json', 'src/**')";
/** The check: strict, annotations, and the whole report in the job's summary. */
const CHECK = 'npx stitch check --strict --format github --summary "$GITHUB_STEP_SUMMARY"';

/** The index of the first step matching, failing the test when there is none. */
function stepIndex(job: Job, match: (s: Step) => boolean, what: string): number {
  const i = job.steps.findIndex(match);
  expect(i, what).toBeGreaterThanOrEqual(0);
  return i;
}
const uses = (action: string) => (s: Step) => s.uses?.split('@')[0] === action;
const runs = (command: string) => (s: Step) => s.run?.trim() === command;

/** The steps every build runs, in order: checkout, Node 20+ with npm's cache, npm ci, check, `buildCommand`. */
function expectBuildSteps(job: Job, buildCommand: string): { check: number; build: number } {
  const checkout = stepIndex(job, uses('actions/checkout'), 'checkout');
  const node = stepIndex(job, uses('actions/setup-node'), 'setup-node');
  const setup = job.steps[node].with ?? {};
  expect(Number.parseInt(String(setup['node-version']), 10)).toBeGreaterThanOrEqual(20);
  expect(setup.cache).toBe('npm');
  const install = stepIndex(job, runs('npm ci'), 'npm ci');
  const check = stepIndex(job, runs(CHECK), 'strict check with annotations and summary');
  const build = stepIndex(job, runs(buildCommand), 'build');
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

  it('pull requests: checkout, Node with npm cache, npm ci, strict check with GitHub annotations, a build with drafts; no production deploy', () => {
    const job = onlyJob("github.event_name == 'pull_request'");
    const { build } = expectBuildSteps(job, 'npx stitch build --drafts');
    // Warm from main's cache, read only: a pull request never saves one.
    const restore = stepIndex(job, uses('actions/cache/restore'), 'cache restore');
    expect(restore).toBeLessThan(build);
    expect(job.steps[restore].with?.path).toBe('.stitch/cache');
    expect(job.steps.some(uses('actions/cache'))).toBe(false);
    expect(job.steps.some((s) => /--branch=main\b/.test(`${s.run ?? ''} ${String(s.with?.command ?? '')}`))).toBe(false);
  });

  it('main: the same with .stitch/cache restored and saved by actions/cache, then a deploy of dist/; deploys never overlap', () => {
    const job = onlyJob("github.event_name != 'pull_request'");
    const { build } = expectBuildSteps(job, 'npx stitch build');
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
      // The workflow's own check step, run by a shell as the runner does: every problem goes to the
      // job summary (GitHub shows 10 warning annotations per step), in Markdown, grouped by file.
      const summaryFile = join(mkdtempSync(join(tmpdir(), 'stitch-summary-')), 'step_summary.md');
      writeFileSync(summaryFile, 'earlier step\n');
      const annotations = (() => {
        try {
          return execFileSync('bash', ['-c', `${CHECK} --content "$CONTENT"`], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, GITHUB_STEP_SUMMARY: summaryFile, CONTENT: dir, SOURCE_DATE_EPOCH: '1767225600' }, stdio: ['ignore', 'pipe', 'pipe'] });
        } catch (error) {
          expect((error as { status: number }).status).toBe(1);
          return String((error as { stdout: string }).stdout);
        }
      })().split('\n').filter((l) => l.startsWith('::'));
      const summary = readFileSync(summaryFile, 'utf8');
      expect(summary.startsWith('earlier step\n## stitch check: ')).toBe(true); // appended, as steps share the file
      const items = summary.split('\n').filter((l) => l.startsWith('- '));
      expect(items).toHaveLength(annotations.length);
      expect(annotations.length).toBeGreaterThan(0);
      expect(summary).toContain(`### ${file.replace(/[_[\]]/g, '\\$&')}\n\n- **`);
      expect(summary).toContain('\n- **error** line 12:3: Link to "/blog/no-such-post" on /blog/check-broken-post: no page or file has that path. (`BrokenLinkError`)<br>Hint: ');
      // Every file with a problem has its heading, once.
      const files = new Set(annotations.map((a) => /file=([^,]*)/.exec(a)?.[1] ?? '(site)'));
      for (const f of files) expect(summary.split('\n').filter((l) => l === `### ${f.replace(/[_[\]]/g, '\\$&')}`), f).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the workflow as GitHub runs it (its parser and expression evaluator)', async () => {
  const site = await readWorkflow('site.yml', WORKFLOW_TEXT);
  const REPO = 'sandia/site';
  const push = (ref: string, event_name = 'push'): GithubContext => ({ event_name, ref, ref_name: ref.replace('refs/heads/', ''), repository: REPO });
  const pullRequest = (from: string): GithubContext => ({ event_name: 'pull_request', ref: 'refs/pull/7/merge', ref_name: '7/merge', head_ref: 'fix-seat-copy', repository: REPO, event: { pull_request: { head: { repo: { full_name: from } } } } });
  const PREVIEW_URL = 'https://0a1b2c3d.shop-site.pages.dev';
  const deploys = (jobs: PlannedJob[]) => jobs.flatMap((j) => j.steps).filter((s) => s.uses?.startsWith('cloudflare/wrangler-action@')).map((s) => s.with?.command);
  const ran = (jobs: PlannedJob[]) => jobs.flatMap((j) => j.steps.map((s) => s.run ?? s.uses ?? ''));

  it('is valid for GitHub\'s workflow parser, which does find a broken copy\'s errors', async () => {
    expect(site.errors).toEqual([]);
    const broken = await readWorkflow('broken.yml', WORKFLOW_TEXT.replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest'));
    expect(broken.errors).toEqual(expect.arrayContaining([expect.stringContaining("Unexpected value 'runs_on'"), expect.stringContaining('Required property is missing: runs-on')]));
  });

  it('deploys to production from main only: a push, the daily run and "Run workflow" on main; on another branch it checks, builds and says it did not deploy', () => {
    for (const github of [push('refs/heads/main'), push('refs/heads/main', 'schedule'), push('refs/heads/main', 'workflow_dispatch')]) {
      const jobs = site.plan(github);
      expect(jobs.map((j) => j.id), github.event_name).toEqual(['deploy']);
      expect(deploys(jobs), github.event_name).toEqual(['pages deploy dist --project-name=shop-site --branch=main']);
      expect(ran(jobs)).toContain('npx stitch build');
    }
    const other = site.plan(push('refs/heads/try-new-header', 'workflow_dispatch'));
    expect(other.map((j) => j.id)).toEqual(['deploy']);
    expect(deploys(other)).toEqual([]);
    expect(ran(other)).toEqual(expect.arrayContaining([CHECK, 'npx stitch build']));
    expect(ran(other).find((r) => r.includes('Not deployed'))).toMatch(/Not deployed: production deploys only from main, and this run is on \$GITHUB_REF_NAME.*>> "\$GITHUB_STEP_SUMMARY"/);
  });

  it('a pull request: the strict check, a build with drafts, a preview deploy of its branch and the preview\'s address in the summary', () => {
    const jobs = site.plan(pullRequest(REPO), { preview: { 'deployment-url': PREVIEW_URL } });
    expect(jobs.map((j) => j.id)).toEqual(['check']);
    expect(ran(jobs)).toEqual(expect.arrayContaining([CHECK, 'npx stitch build --drafts']));
    expect(deploys(jobs)).toEqual(['pages deploy dist --project-name=shop-site --branch=fix-seat-copy']);
    const address = jobs[0].steps.find((s) => s.env?.PREVIEW_URL !== undefined)!;
    expect(address.env).toEqual({ PREVIEW_URL });
    // The step's script, run by bash as the runner does, writes the address into the job summary.
    const summaryFile = join(mkdtempSync(join(tmpdir(), 'stitch-summary-')), 'step_summary.md');
    execFileSync('bash', ['-e', '-c', address.run!], { env: { ...process.env, ...address.env, GITHUB_STEP_SUMMARY: summaryFile } });
    expect(readFileSync(summaryFile, 'utf8')).toBe(`**Preview** of this pull request (drafts included): ${PREVIEW_URL}\n`);
    expect(ran(jobs).some((r) => r.includes('fork'))).toBe(false);
  });

  it('a pull request from a fork (no secrets): no preview deploy, a line in the summary saying why; the check and the build still run', () => {
    const jobs = site.plan(pullRequest('someone/site'));
    expect(jobs.map((j) => j.id)).toEqual(['check']);
    expect(deploys(jobs)).toEqual([]);
    expect(ran(jobs)).toEqual(expect.arrayContaining([CHECK, 'npx stitch build --drafts']));
    const note = jobs[0].steps.find((s) => s.run?.includes('fork'))!;
    const summaryFile = join(mkdtempSync(join(tmpdir(), 'stitch-summary-')), 'step_summary.md');
    execFileSync('bash', ['-e', '-c', note.run!], { env: { ...process.env, GITHUB_STEP_SUMMARY: summaryFile } });
    expect(readFileSync(summaryFile, 'utf8')).toMatch(/^No preview deploy: this pull request comes from a fork, and GitHub gives a fork's workflow run none of the repository's secrets/);
  });
});
