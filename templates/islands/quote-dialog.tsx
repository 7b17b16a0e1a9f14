// The home hero's "Request a Quote": a link to /contact without JavaScript, a button opening
// the dialog 'Get Your Free Quote' with the quote form once hydrated. A successful submit
// closes the dialog.
import { useEffect, useRef, useState } from 'react';
import { Modal } from './lib/modal.tsx';
import { QuoteForm } from './quote-form.tsx';

export interface QuoteDialogProps {
  endpoint: string;
  apiKey: string;
  /** Trigger text, e.g. 'Request a Quote'. */
  label: string;
  /** Classes of the trigger (defaults to a primary button). */
  className?: string;
  phone?: string;
  email?: string;
}

export default function QuoteDialog({ endpoint, apiKey, label, className = 'btn btn-primary', phone, email }: QuoteDialogProps) {
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => setReady(true), []);

  if (!ready) return <a className={`${className} quote-trigger`} href="/contact">{label}</a>;
  return (
    <>
      <button type="button" className={`${className} quote-trigger`} aria-haspopup="dialog" onClick={() => { setUsed(true); setOpen(true); }}>{label}</button>
      {used && (
        <Modal open={open} title="Get Your Free Quote" onClose={() => setOpen(false)} dialogRef={dialog}>
          <p className="modal-intro">Tell us about your project and we'll get back to you with a free estimate.</p>
          <QuoteForm endpoint={endpoint} apiKey={apiKey} phone={phone} email={email} onSuccess={() => dialog.current?.close()} />
        </Modal>
      )}
    </>
  );
}
