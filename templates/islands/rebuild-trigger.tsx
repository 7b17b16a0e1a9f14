// /admin/rebuild: 'Trigger Site Rebuild' POSTs to the deploy hook set at build time
// (VITE_VERCEL_DEPLOY_HOOK). Busy: disabled, spinner, 'Triggering Rebuild...'. A 2xx shows
// 'Success!'; otherwise an 'Error' with the spec's texts.
import { useEffect, useState } from 'react';

export interface RebuildTriggerProps {
  /** Deploy hook URL; empty when unset at build time. */
  hookUrl: string;
}

export const NOT_CONFIGURED = 'Vercel deploy hook URL not configured. Please set VITE_VERCEL_DEPLOY_HOOK environment variable.';
export const UNKNOWN = 'Unknown error occurred';

class HookError extends Error {}

export default function RebuildTrigger({ hookUrl }: RebuildTriggerProps) {
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  useEffect(() => setReady(true), []);

  async function trigger() {
    setBusy(true);
    setResult(null);
    try {
      if (!hookUrl) throw new HookError(NOT_CONFIGURED);
      const response = await fetch(hookUrl, { method: 'POST' });
      if (!response.ok) throw new HookError(`The deploy hook answered with HTTP ${response.status}. Check the hook URL in your hosting provider's settings.`);
      setResult({ ok: true, message: 'The rebuild has started. The site will be updated in a few minutes.' });
    } catch (error) {
      if (!(error instanceof HookError)) console.error('Rebuild trigger failed:', error);
      setResult({ ok: false, message: error instanceof HookError ? error.message : UNKNOWN });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="rebuild-trigger">
      <button type="button" className="btn btn-primary rebuild-button" disabled={!ready || busy} aria-busy={busy} onClick={trigger}>
        {busy ? <><span className="spinner" aria-hidden="true" />Triggering Rebuild...</> : 'Trigger Site Rebuild'}
      </button>
      <noscript><p className="rebuild-noscript">Enable JavaScript to trigger a rebuild.</p></noscript>
      <div className="rebuild-result-region" role="status">
        {result && (
          <div className={`rebuild-result ${result.ok ? 'rebuild-ok' : 'rebuild-error'}`}>
            <p className="rebuild-result-title">{result.ok ? 'Success!' : 'Error'}</p>
            <p>{result.message}</p>
          </div>
        )}
      </div>
    </div>
  );
}
