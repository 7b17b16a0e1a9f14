// Browser side of the islands: finds this entry's markers and mounts them with the spec's
// hydration rule. Hydrate when the root is flagged server-rendered and holds more than 50
// characters, else render on the client; if hydration fails, clear the root and render.
import { createElement, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

const HYDRATION_THRESHOLD = 50;

export function mountIsland(marker: HTMLElement, Component: ComponentType<object>): void {
  const root = marker.querySelector<HTMLElement>(':scope > [data-island-root]');
  if (!root) {
    console.error('Root element not found');
    return;
  }
  const propsScript = marker.querySelector(':scope > script[data-island-props]');
  const props = propsScript?.textContent ? JSON.parse(propsScript.textContent) : {};
  const element = createElement(Component, props);
  const clientRender = () => {
    root.innerHTML = '';
    createRoot(root).render(element);
  };
  if (root.dataset.serverRendered === 'true' && root.innerHTML.length > HYDRATION_THRESHOLD) {
    try {
      hydrateRoot(root, element, {
        onRecoverableError: (error) => console.warn('Island re-rendered on the client:', error),
      });
    } catch {
      clientRender();
    }
  } else {
    clientRender();
  }
  marker.dataset.hydrated = 'true';
}

/** Mounts every marker of one island entry, each when its `data-hydrate` says. */
export function hydrateIslands(name: string, Component: ComponentType<any>): void {
  const markers = document.querySelectorAll<HTMLElement>(`[data-island="${name}"]:not([data-hydrated])`);
  for (const marker of markers) {
    const when = marker.dataset.hydrate;
    // One broken island (bad props, a throwing render) must not stop the others.
    let started = false;
    const mount = () => {
      if (started) return;
      started = true;
      try {
        mountIsland(marker, Component);
      } catch (error) {
        console.error(`Island "${name}" failed to start:`, error);
      }
    };
    if (when === 'visible' && typeof IntersectionObserver === 'function') {
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          mount();
        }
      }, { rootMargin: '200px' });
      // Markers and roots are display: contents (no box of their own): watch the widget's
      // first element instead.
      observer.observe(marker.querySelector(':scope > [data-island-root] > *') ?? marker);
      // Below-the-fold islands also start once the browser is idle, so a visitor who
      // scrolls past quickly (or jumps with a fragment link) still gets a working widget.
      whenIdle(() => {
        observer.disconnect();
        mount();
      }, 4000);
    } else if (when === 'idle') {
      whenIdle(mount, 2000);
    } else {
      mount();
    }
  }
}

function whenIdle(fn: () => void, timeout: number): void {
  const idle = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
  const run = () => (idle ? idle(fn, { timeout }) : setTimeout(fn, 200));
  // Idle after the page has loaded, not during the first paint.
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
