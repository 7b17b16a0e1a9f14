// Config is resolved once: flags + environment + content/site.yaml → one ResolvedConfig.
// Nothing else in the engine reads process.env or process.argv.
import { resolve } from 'node:path';

export interface ResolvedConfig {
  /** The project root (templates/, site-assets/ live here). */
  root: string;
  /** Absolute content folder. */
  contentDir: string;
  /** Absolute output folder (dist/ by default). */
  outDir: string;
  /** Absolute templates folder. */
  templatesDir: string;
  /** Absolute static assets folder, copied into the output. */
  assetsDir: string;
  /** Absolute cache folder (.stitch/). */
  cacheDir: string;
  /** SITE_URL when set; otherwise site.yaml's url is used after loading content. */
  siteUrlOverride?: string;
  /** Where the quote form posts (QUOTE_WEBHOOK_URL), if set. */
  quoteWebhookUrl?: string;
  /** X-API-Key header value for the quote webhook (QUOTE_WEBHOOK_KEY). */
  quoteWebhookKey?: string;
  /** The rebuild page's deploy hook (VITE_VERCEL_DEPLOY_HOOK). */
  deployHookUrl?: string;
  /** Build date in ms (SOURCE_DATE_EPOCH when set) for the copyright year and the like. */
  buildTime: number;
  /** SOURCE_DATE_EPOCH fixed the build time (dev then keeps it instead of reading the clock). */
  buildTimePinned: boolean;
  /** Show draft and scheduled posts, with a badge (dev, `build --drafts`); otherwise they are left out. */
  drafts: boolean;
  /** 'production' for build/check, 'development' for dev. */
  mode: 'production' | 'development';
  /** Print stack traces (STITCH_DEBUG). */
  debug: boolean;
  /** Running in CI (`CI` set, not "false" or "0"): progress is printed as lines, never a live line. */
  ci: boolean;
}

export interface ConfigFlags {
  content?: string;
  out?: string;
  root?: string;
  mode?: 'production' | 'development';
  /** `build --drafts`: include draft and scheduled posts (dev always does). */
  drafts?: boolean;
}

export function resolveConfig(flags: ConfigFlags = {}, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ResolvedConfig {
  const root = resolve(cwd, flags.root ?? '.');
  const epoch = env.SOURCE_DATE_EPOCH ? Number(env.SOURCE_DATE_EPOCH) * 1000 : Date.now();
  return {
    root,
    contentDir: resolve(root, flags.content ?? 'content'),
    outDir: resolve(root, flags.out ?? 'dist'),
    templatesDir: resolve(root, 'templates'),
    assetsDir: resolve(root, 'site-assets'),
    cacheDir: resolve(root, '.stitch'),
    siteUrlOverride: nonEmpty(env.SITE_URL)?.replace(/\/+$/, ''),
    quoteWebhookUrl: nonEmpty(env.QUOTE_WEBHOOK_URL),
    quoteWebhookKey: nonEmpty(env.QUOTE_WEBHOOK_KEY),
    deployHookUrl: nonEmpty(env.VITE_VERCEL_DEPLOY_HOOK),
    buildTime: Number.isFinite(epoch) ? epoch : Date.now(),
    buildTimePinned: Boolean(env.SOURCE_DATE_EPOCH) && Number.isFinite(epoch),
    drafts: flags.drafts ?? flags.mode === 'development',
    mode: flags.mode ?? 'production',
    debug: Boolean(nonEmpty(env.STITCH_DEBUG)),
    ci: !['', 'false', '0'].includes(nonEmpty(env.CI)?.toLowerCase() ?? ''),
  };
}

function nonEmpty(v: string | undefined): string | undefined {
  return v && v.trim() !== '' ? v.trim() : undefined;
}
