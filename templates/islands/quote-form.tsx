// The quote form (spec §4, §5, §7, §8): consent gates the submit button; name, e-mail and
// phone are required (trimmed); the JSON request goes to the webhook with the X-API-Key
// header and succeeds on a 2xx status alone. A hidden honeypot drops bot submissions
// silently. Without JavaScript the fields stay disabled and a note gives the phone and e-mail.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { prepareToasts, toast } from './lib/toast.ts';

export interface QuoteFormProps {
  /** QUOTE_WEBHOOK_URL at build time; empty means every submit fails. */
  endpoint: string;
  /** Sent as the X-API-Key header (a spam filter, not a secret). */
  apiKey: string;
  /** Prefix of the field ids (defaults to a React id). */
  idPrefix?: string;
  /** Submit button text. */
  submitLabel?: string;
  /** Shown in the no-JavaScript note. */
  phone?: string;
  email?: string;
  /** After a successful submit (closes a hosting dialog). */
  onSuccess?: () => void;
}

export const MESSAGES = {
  consent: 'Please agree to the terms and conditions to continue.',
  required: 'Please fill in all required fields.',
  success: "Message sent successfully! We'll get back to you soon.",
  failure: 'Failed to send message. Please try again or call us directly.',
} as const;

export const LIMITS = { name: 100, email: 254, phone: 30, message: 5000 } as const;

type Field = keyof typeof LIMITS;
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', phone: '', message: '' };

/** The tel: link of a display number, as the site's other call links make it (telHref in
 *  components/Button.tsx, not imported so the island's bundle stays free of page code). */
export function telLink(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? digits : `+1${digits}`}`;
}

/** A phone number that does not wrap: non-breaking spaces and hyphens. */
export function unbreakable(phone: string): string {
  return phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011');
}

/** The site's host: protocol, leading www and trailing slash removed. */
export function siteDomain(origin: string): string {
  return origin.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').replace(/^www\./i, '').replace(/\/+$/, '');
}

export function QuoteForm({ endpoint, apiKey, idPrefix, submitLabel = 'Request Free Quote', phone, email, onSuccess }: QuoteFormProps) {
  const reactId = useId();
  // React's ids start with '_'; ids should begin with a letter.
  const id = (field: string) => `${idPrefix ?? `qf${reactId.replace(/[^\w-]/g, '')}`}-${field}`;
  const [values, setValues] = useState<Values>(EMPTY);
  const [consent, setConsent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    prepareToasts();
  }, []);

  const change = (field: Field) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!consent) return setError(MESSAGES.consent);
    const form = event.currentTarget;
    const data = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim().slice(0, LIMITS[k as Field])])) as Values;
    if (!data.name || !data.email || !data.phone) return setError(MESSAGES.required);
    const emailInput = form.elements.namedItem('email') as HTMLInputElement;
    if (!emailInput.checkValidity()) return emailInput.reportValidity();
    setError('');
    const done = () => {
      setValues(EMPTY);
      setConsent(false);
      onSuccess?.();
      toast(MESSAGES.success, 'success');
    };
    // Bots fill every field; people never see this one.
    if ((form.elements.namedItem('website') as HTMLInputElement).value) return done();
    setSending(true);
    try {
      if (!endpoint) throw new Error('No quote endpoint: QUOTE_WEBHOOK_URL was not set when the site was built');
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': apiKey },
        body: JSON.stringify({ ...data, domain: siteDomain(location.origin) }),
      });
      if (!response.ok) throw new Error(`Quote request failed with HTTP ${response.status}`);
      done();
    } catch (cause) {
      console.error('Failed to send the quote request:', cause);
      toast(MESSAGES.failure, 'error');
    } finally {
      setSending(false);
    }
  }

  const input = (field: Field, label: string, type: string, autoComplete: string, required = true) => (
    <div className="qf-field">
      <label htmlFor={id(field)}>{label}{required && <span aria-hidden="true"> *</span>}</label>
      <input id={id(field)} name={field} type={type} autoComplete={autoComplete} maxLength={LIMITS[field]} value={values[field]} onChange={change(field)} aria-required={required} aria-invalid={error === MESSAGES.required && !values[field].trim() ? true : undefined} />
    </div>
  );
  const hintId = id('consent-hint');
  const errorText = error && !(error === MESSAGES.consent && consent) ? error : '';

  return (
    <form className="quote-form" noValidate onSubmit={submit} aria-busy={sending}>
      <noscript>
        <p className="qf-noscript">
          This form needs JavaScript. Please call us{phone ? <> at <a href={telLink(phone)}>{unbreakable(phone)}</a></> : null} or e-mail{' '}
          {email ? <a href={`mailto:${email}`}>{email}</a> : 'us'} for your free quote.
        </p>
      </noscript>
      {/* One fieldset so the fields stay disabled until hydrated; its legend is for screen readers. */}
      <fieldset disabled={!ready} className="qf-fields">
        <legend className="visually-hidden">Quote request</legend>
        {input('name', 'Name', 'text', 'name')}
        {input('email', 'Email', 'email', 'email')}
        {input('phone', 'Phone', 'tel', 'tel')}
        <div className="qf-field">
          <label htmlFor={id('message')}>Message</label>
          <textarea id={id('message')} name="message" rows={4} maxLength={LIMITS.message} value={values.message} onChange={change('message')} placeholder="Tell us about your project" />
        </div>
        <div className="qf-hp" aria-hidden="true">
          <label htmlFor={id('website')}>Leave this field empty</label>
          <input id={id('website')} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="qf-consent">
          <input id={id('consent')} name="consent" type="checkbox" checked={consent} onChange={(e) => { setConsent(e.target.checked); if (error === MESSAGES.consent) setError(''); }} />
          <label htmlFor={id('consent')}>
            I agree to receive automated marketing and service text messages at the phone number provided. Message and data
            rates may apply. Message frequency varies. Text STOP to opt out. See our <a href="/privacy">Privacy Policy</a> and{' '}
            <a href="/terms">Terms of Service</a>.
          </label>
        </div>
      </fieldset>
      {errorText ? <p className="qf-error" role="alert">{errorText}</p> : null}
      {!consent && !errorText ? <p className="qf-hint" id={hintId}>{MESSAGES.consent}</p> : null}
      <button type="submit" className="btn btn-primary qf-submit" disabled={!ready || !consent || sending} aria-describedby={!consent ? hintId : undefined}>
        {sending ? <><span className="spinner" aria-hidden="true" />Sending...</> : submitLabel}
      </button>
    </form>
  );
}

export default function QuoteFormIsland(props: Omit<QuoteFormProps, 'onSuccess'>) {
  return <QuoteForm {...props} />;
}
