// An accessible modal on the native <dialog>: showModal() makes the page behind inert, Escape
// closes it (the cancel event), Tab wraps inside it, the page does not scroll behind it and
// focus returns to what opened it. The close button and a click on the backdrop close it too.
import { useEffect, useId, useRef, type ReactNode, type Ref, type RefObject } from 'react';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** The <dialog> element, for callers that close it imperatively (dialogRef.current.close()). */
  dialogRef?: RefObject<HTMLDialogElement | null>;
}

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

export function Modal({ open, title, onClose, children, className, dialogRef }: ModalProps) {
  const own = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? own;
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      document.documentElement.classList.add('modal-open');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, ref]);

  const closed = () => {
    document.documentElement.classList.remove('modal-open');
    opener.current?.focus();
    onClose();
  };

  const trap = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...ref.current!.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !ref.current!.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref as Ref<HTMLDialogElement>}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onClose={closed}
      onKeyDown={trap}
      onClick={(event) => { if (event.target === ref.current) ref.current.close(); }}
    >
      <div className="modal-panel">
        <div className="modal-header">
          <h2 id={titleId} className="modal-title">{title}</h2>
          <button type="button" className="modal-close" aria-label="Close" onClick={() => ref.current?.close()}>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"><path d="M6 6l12 12M18 6L6 18" /></svg>
          </button>
        </div>
        {children}
      </div>
      <div className="toast-region" role="status" />
    </dialog>
  );
}
