// Toasts shared by every island of a page: plain DOM, no React root. Each toast goes to a
// polite live region so screen readers announce it; while a modal dialog is open the region
// inside that dialog is used (the rest of the page is inert and sits below the top layer).
export type ToastKind = 'success' | 'error';

const DURATION = 6000;

function pageRegion(): HTMLElement {
  let region = document.querySelector<HTMLElement>('body > .toast-region');
  if (!region) {
    region = document.createElement('div');
    region.className = 'toast-region';
    region.setAttribute('role', 'status');
    document.body.append(region);
  }
  return region;
}

function region(): HTMLElement {
  return document.querySelector<HTMLElement>('dialog[open] .toast-region') ?? pageRegion();
}

/** Shows a message for a few seconds, with a button to dismiss it sooner. */
export function toast(message: string, kind: ToastKind): void {
  const item = document.createElement('div');
  item.className = `toast toast-${kind}`;
  item.dataset.kind = kind;
  const text = document.createElement('p');
  text.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  const remove = () => item.remove();
  close.onclick = remove;
  item.append(text, close);
  region().append(item);
  setTimeout(remove, DURATION);
}

/** Creates the page's live region early: content added to a region that already exists is announced reliably. */
export function prepareToasts(): void {
  pageRegion();
}
