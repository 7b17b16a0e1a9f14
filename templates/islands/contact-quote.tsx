// The contact page's quote form under 'Request a Quote'. Under 768 px (with JavaScript) the
// inline form is hidden by CSS and a 'Request a Free Quote' button opens it in a dialog at
// most 500 px wide, which closes after a successful submit or when dismissed.
import { useRef, useState } from 'react';
import { Modal } from './lib/modal.tsx';
import { QuoteForm } from './quote-form.tsx';

export interface ContactQuoteProps {
  endpoint: string;
  apiKey: string;
  phone?: string;
  email?: string;
}

export default function ContactQuote({ endpoint, apiKey, phone, email }: ContactQuoteProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const form = { endpoint, apiKey, phone, email };
  return (
    <section className="contact-quote" aria-labelledby="contact-quote-title">
      <h2 id="contact-quote-title" className="contact-quote-title">Request a Quote</h2>
      <div className="contact-quote-inline">
        <QuoteForm {...form} />
      </div>
      <button type="button" className="btn btn-primary contact-quote-open" aria-haspopup="dialog" onClick={() => { setUsed(true); setOpen(true); }}>
        Request a Free Quote
      </button>
      {used && (
        <Modal open={open} title="Request a Quote" onClose={() => setOpen(false)} dialogRef={dialog}>
          <QuoteForm {...form} onSuccess={() => dialog.current?.close()} />
        </Modal>
      )}
    </section>
  );
}
