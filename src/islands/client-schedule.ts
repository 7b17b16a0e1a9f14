// When island markers mount: at once (`load`), near the viewport (`visible`) or when the
// browser is idle (`idle`). No React here: the lazy entry of an island imports only this file
// and loads the island's code, React included, when one of its markers is due.
import type { ComponentType } from 'react';

/** What a lazy entry's dynamic import gives: the component and the mounting function. */
export interface IslandModule {
  default: ComponentType<any>;
  mountIsland(marker: HTMLElement, Component: ComponentType<object>): void;
}

/** `data-hydrate` values whose islands are mounted by their lazy entry. */
const DEFERRED = new Set(['visible', 'idle']);

/** Unmounted markers of island `name`: the eager entry's (`load`) or the lazy entry's. */
export function markersOf(name: string, lazy: boolean): HTMLElement[] {
  const markers = document.querySelectorAll<HTMLElement>(`[data-island="${name}"]:not([data-hydrated])`);
  return [...markers].filter((m) => DEFERRED.has(m.dataset.hydrate ?? '') === lazy);
}

/** Calls `start` once, when the marker's `data-hydrate` says; returns a function that starts it now. */
export function whenDue(marker: HTMLElement, start: () => void): () => void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const when = marker.dataset.hydrate;
  const media = marker.dataset.hydrateMedia ? matchMedia(marker.dataset.hydrateMedia) : undefined;
  if (media && !media.matches) {
    // Not on this screen: only a click in the island (hydrateLater's listener) starts it, or
    // the screen changing to one the query matches (a phone turned, a window widened).
    const change = () => {
      if (!media.matches) return;
      media.removeEventListener('change', change);
      if (!started) schedule(marker, when, once);
    };
    media.addEventListener('change', change);
  } else {
    schedule(marker, when, once);
  }
  return once;
}

/** Calls `start` when `when` says: near the viewport (or idle), idle, or at once. */
function schedule(marker: HTMLElement, when: string | undefined, once: () => void): void {
  if (when === 'visible' && typeof IntersectionObserver === 'function') {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        once();
      }
    }, { rootMargin: '200px' });
    // Markers and roots are display: contents (no box of their own): watch the widget's
    // first element instead.
    observer.observe(marker.querySelector(':scope > [data-island-root] > *') ?? marker);
    // Below-the-fold islands also start once the browser is idle, so a visitor who
    // scrolls past quickly (or jumps with a fragment link) still gets a working widget.
    whenIdle(() => {
      observer.disconnect();
      once();
    }, 4000);
  } else if (when === 'idle') {
    whenIdle(once, 2000);
  } else {
    once();
  }
}

/**
 * The lazy entry of island `name`: each `visible` or `idle` marker loads the island's code
 * (`load`, a dynamic import) when it is due, then mounts with the spec's hydration rule. A
 * click inside the island before then starts the loading at once, and a button clicked is
 * clicked again once the island has mounted, so no tap on it is lost while its code loads.
 */
export function hydrateLater(name: string, load: () => Promise<IslandModule>): void {
  for (const marker of markersOf(name, true)) {
    let clicked: HTMLButtonElement | null = null;
    const early = (event: Event) => {
      clicked ??= (event.target as Element | null)?.closest?.('button') ?? null;
      startNow();
    };
    marker.addEventListener('click', early, true);
    const startNow = whenDue(marker, () => {
      load()
        .then((island) => {
          marker.removeEventListener('click', early, true);
          island.mountIsland(marker, island.default);
          // React hydrates the island at once for a click on it (a discrete event).
          if (clicked?.isConnected) clicked.click();
        })
        .catch((error) => console.error(`Island "${name}" failed to start:`, error));
    });
  }
}

function whenIdle(fn: () => void, timeout: number): void {
  const idle = (window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
  const run = () => (idle ? idle(fn, { timeout }) : setTimeout(fn, 200));
  // Idle after the page has loaded, not during the first paint.
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
