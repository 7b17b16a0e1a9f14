// The inline script of every page head: plain JavaScript, run before the first paint, no
// React. It marks the document as scripted (CSS shows JS-only controls with html[data-js]),
// keeps the header's scrolled state, turns the :target mobile menu into a dialog-like panel,
// makes the Services button toggle its submenu, and fades images in (img.fade-img).
// Kept as source text here so it stays readable; it is small enough not to need minifying.
function run(): void {
  const d = document;
  const html = d.documentElement;
  html.setAttribute('data-js', '');

  // Images: data-loaded once loaded, data-error (and an optional data-fallback src) on error.
  // Load and error do not bubble, so listen in the capture phase on the document.
  const mark = (img: HTMLImageElement, ok: boolean) => {
    if (!ok && img.dataset.fallback && img.src !== new URL(img.dataset.fallback, location.href).href) {
      img.src = img.dataset.fallback;
      return;
    }
    img.setAttribute(ok ? 'data-loaded' : 'data-error', 'true');
    const frame = img.closest('.img-frame');
    if (frame) frame.setAttribute('data-state', ok ? 'loaded' : 'error');
  };
  const onImage = (e: Event) => {
    const t = e.target as HTMLImageElement;
    if (t.tagName === 'IMG' && t.classList.contains('fade-img')) mark(t, e.type === 'load');
  };
  d.addEventListener('load', onImage, true);
  d.addEventListener('error', onImage, true);
  const sweep = () => d.querySelectorAll<HTMLImageElement>('img.fade-img:not([data-loaded]):not([data-error])').forEach((img) => {
    if (img.complete) mark(img, img.naturalWidth > 0);
  });

  // Header: data-scrolled past 20 px (blog pages are solid through data-solid).
  const scrolled = () => {
    const header = d.querySelector('.site-header');
    if (header) header.setAttribute('data-scrolled', scrollY > 20 ? 'true' : 'false');
  };
  addEventListener('scroll', scrolled, { passive: true });

  const setup = () => {
    sweep();
    scrolled();
    menu();
    dropdowns();
  };
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', setup);
  else setup();

  function menu() {
    const panel = d.getElementById('mobile-menu');
    const toggle = d.querySelector<HTMLElement>('.menu-toggle');
    if (!panel || !toggle) return;
    const focusables = () => [...panel.querySelectorAll<HTMLElement>('a[href],button:not([disabled]),input,select,textarea,[tabindex]:not([tabindex="-1"])')]
      .filter((el) => el.offsetWidth || el.offsetHeight || el === d.activeElement);
    toggle.setAttribute('role', 'button');
    toggle.setAttribute('aria-expanded', 'false');
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'true');
    if (!panel.hasAttribute('aria-label')) panel.setAttribute('aria-label', 'Menu');
    let open = false;
    const show = () => {
      open = true;
      panel.setAttribute('data-open', 'true');
      toggle.setAttribute('aria-expanded', 'true');
      html.classList.add('menu-open');
      // The panel turns visible with its slide-in transition, a frame or two later: retry.
      let tries = 20;
      const focusIn = () => {
        const first = focusables()[0];
        if (first) first.focus();
        if (open && !panel.contains(d.activeElement) && tries-- > 0) requestAnimationFrame(focusIn);
      };
      focusIn();
    };
    const hide = (restore: boolean) => {
      if (!open) return;
      open = false;
      panel.removeAttribute('data-open');
      toggle.setAttribute('aria-expanded', 'false');
      html.classList.remove('menu-open');
      if (restore) toggle.focus();
    };
    toggle.addEventListener('click', (e) => {
      e.preventDefault();
      if (open) hide(true);
      else show();
    });
    panel.addEventListener('click', (e) => {
      const link = (e.target as Element).closest('a');
      if (!link) return;
      if (link.classList.contains('menu-close')) {
        e.preventDefault();
        hide(true);
      } else {
        hide(false);
      }
    });
    d.addEventListener('keydown', (e) => {
      if (!open) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        hide(true);
      } else if (e.key === 'Tab') {
        const items = focusables();
        if (!items.length) return;
        const first = items[0];
        const last = items[items.length - 1];
        const active = d.activeElement;
        if (e.shiftKey && (active === first || !panel.contains(active))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (active === last || !panel.contains(active))) {
          e.preventDefault();
          first.focus();
        }
      }
    });
    // Opened through the no-JavaScript :target route (a #mobile-menu link): take over.
    if (location.hash === '#mobile-menu') {
      history.replaceState(null, '', location.pathname + location.search);
      show();
    }
    // Back on a wide screen: the panel is not shown, so release the page.
    matchMedia('(min-width: 768px)').addEventListener('change', (q) => {
      if (q.matches) hide(false);
    });
    // A page restored from the back/forward cache keeps its DOM: close a menu left open.
    addEventListener('pageshow', () => hide(false));
  }

  function dropdowns() {
    d.querySelectorAll<HTMLElement>('.nav-dropdown').forEach((item) => {
      const button = item.querySelector<HTMLElement>(':scope > button[aria-expanded]');
      if (!button) return;
      const set = (v: boolean) => {
        button.setAttribute('aria-expanded', String(v));
        item.toggleAttribute('data-open', v);
      };
      button.addEventListener('click', () => set(button.getAttribute('aria-expanded') !== 'true'));
      item.addEventListener('mouseenter', () => set(true));
      item.addEventListener('mouseleave', () => set(false));
      item.addEventListener('focusout', (e) => {
        if (!item.contains(e.relatedTarget as Node | null)) set(false);
      });
      item.addEventListener('keydown', (e) => {
        if (e.key === 'Escape' && button.getAttribute('aria-expanded') === 'true') {
          set(false);
          button.focus();
        }
      });
    });
  }
}

/** The script as inline source text: the function above, invoked at once. */
export const headScript = `(${compact(run.toString())})();`;

function compact(source: string): string {
  return source.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('//')).join('\n');
}
