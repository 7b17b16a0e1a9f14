// Buttons are links styled as buttons (every action of a static page is a link).
import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';

export type ButtonVariant = 'primary' | 'outline' | 'light' | 'ghost-light';

export interface ButtonProps {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: 'lg';
  icon?: string;
  /** Icon after the text (e.g. an arrow). */
  trailingIcon?: string;
  className?: string;
  'aria-label'?: string;
  rel?: string;
  target?: string;
}

export function Button({ href, children, variant = 'primary', size, icon, trailingIcon, className, ...rest }: ButtonProps) {
  const classes = ['btn', `btn-${variant}`, size ? `btn-${size}` : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <a href={href} className={classes} {...rest}>
      {icon && <Icon name={icon} />}
      {children}
      {trailingIcon && <Icon name={trailingIcon} />}
    </a>
  );
}

/** tel: link target of a display phone number. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? digits : `+1${digits}`}`;
}

export function QuoteButton({ children = 'Get a Free Quote', variant = 'primary', size }: { children?: ReactNode; variant?: ButtonVariant; size?: 'lg' }) {
  return <Button href="/contact" variant={variant} size={size} trailingIcon="arrow-right">{children}</Button>;
}

export function CallButton({ phone, variant = 'outline', size, label }: { phone: string; variant?: ButtonVariant; size?: 'lg'; label?: string }) {
  return <Button href={telHref(phone)} variant={variant} size={size} icon="phone">{label ?? `Call ${phone}`}</Button>;
}
