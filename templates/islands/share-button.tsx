// Share: the device's native share with title, description and URL; otherwise (or when native
// share fails) copy the URL and alert 'Link copied to clipboard!'. A clipboard failure is only
// logged. Hidden without JavaScript (html[data-js] is set by the head script).
import { useState } from 'react';

export interface ShareButtonProps {
  title: string;
  description: string;
}

export const COPIED = 'Link copied to clipboard!';

export default function ShareButton({ title, description }: ShareButtonProps) {
  const [busy, setBusy] = useState(false);
  async function share() {
    const url = location.href;
    setBusy(true);
    try {
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title, text: description, url });
          return;
        } catch (error) {
          if ((error as DOMException)?.name === 'AbortError') return;
        }
      }
      await navigator.clipboard.writeText(url);
      alert(COPIED);
    } catch (error) {
      console.error('Could not copy the link:', error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn-outline share-button" onClick={share} disabled={busy}>
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"><circle cx="18" cy="5" r="3" /><circle cx="6" cy="12" r="3" /><circle cx="18" cy="19" r="3" /><path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" /></svg>
      Share
    </button>
  );
}
