// The home hero's "Request a Quote": a link to /contact without JavaScript, a button opening
// the dialog 'Get Your Free Quote' with the quote form once hydrated. A successful submit
// closes the dialog. The form's code loads when the button is first approached (hover, focus
// or click), which keeps the home page's first JavaScript small.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Modal } from './lib/modal.tsx';
import type { QuoteFormProps } from './quote-form.tsx';

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
  const [Form, setForm] = useState<ComponentType<QuoteFormProps> | null>(null);
  const loading = useRef(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => setReady(true), []);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    import('./quote-form.tsx').then((m) => setForm(() => m.QuoteForm), (error) => {
      loading.current = false;
      console.error('Could not load the quote form:', error);
    });
  };

  if (!ready) return <a className={`${className} quote-trigger`} href="/contact">{label}</a>;
  return (
    <>
      <button type="button" className={`${className} quote-trigger`} aria-haspopup="dialog" onPointerEnter={load} onFocus={load}
        onClick={() => { load(); setUsed(true); setOpen(true); }}>
        {label}
      </button>
      {used && (
        <Modal open={open} title="Get Your Free Quote" onClose={() => setOpen(false)} dialogRef={dialog}>
          <p className="modal-intro">Tell us about your project and we'll get back to you with a free estimate.</p>
          {Form
            ? <Form endpoint={endpoint} apiKey={apiKey} phone={phone} email={email} onSuccess={() => dialog.current?.close()} />
            : <p className="modal-loading" role="status">Loading the form…</p>}
        </Modal>
      )}
    </>
  );
}
