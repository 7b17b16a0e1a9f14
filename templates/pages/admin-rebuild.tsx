// Admin rebuild: the 'Site Rebuild Trigger' card with the rebuild-trigger island and the
// setup instructions for a deploy hook.
import { Island } from '../../src/islands/island.tsx';
import RebuildTrigger from '../islands/rebuild-trigger.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Layout } from '../layout/Layout.tsx';
import type { PageProps } from '../types.ts';

export function AdminRebuild(props: PageProps) {
  const { layout } = props;
  return (
    <Layout {...props}>
      <PageHero eyebrow="Admin" title="Site Rebuild" lead="Publish content changes by rebuilding and redeploying the website." size="compact" />
      <section className="section" aria-label="Rebuild">
        <div className="container-narrow admin">
          <div className="card card-padded admin-card">
            <h2><Icon name="refresh" />Site Rebuild Trigger</h2>
            <p>Starts a fresh build of the site from the latest content and deploys it. A rebuild usually takes a few minutes.</p>
            <Island name="rebuild-trigger" component={RebuildTrigger} props={{ hookUrl: layout.deployHook }} />
          </div>
          <div className="card card-padded admin-card">
            <h2>Setup Instructions</h2>
            <ol className="steps">
              <li>Open your project in your hosting provider&apos;s dashboard (for Vercel: <strong>Settings → Git → Deploy Hooks</strong>; Netlify and Cloudflare Pages call them <strong>build hooks</strong>).</li>
              <li>Create a deploy hook for the <code>main</code> branch and give it a name such as &ldquo;Content rebuild&rdquo;.</li>
              <li>Copy the hook URL and set it as the <code>VITE_VERCEL_DEPLOY_HOOK</code> environment variable of the site&apos;s build.</li>
              <li>Rebuild the site once so this page picks up the hook, then use the button above whenever content changes.</li>
            </ol>
            <p className="muted">Anyone who can open this page can trigger a rebuild; keep the hook URL private and rotate it if it leaks.</p>
          </div>
        </div>
      </section>
    </Layout>
  );
}
