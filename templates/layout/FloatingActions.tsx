// Floating call and request-quote buttons, bottom right, on narrow screens only.
import { telHref } from '../components/Button.tsx';
import { Icon } from '../components/Icon.tsx';

export function FloatingActions({ phone }: { phone: string }) {
  return (
    <div className="floating-actions">
      <a className="floating-quote" href="/contact" aria-label="Request a free quote"><Icon name="message" /></a>
      <a className="floating-call" href={telHref(phone)} aria-label={`Call ${phone}`}><Icon name="phone" /></a>
    </div>
  );
}
