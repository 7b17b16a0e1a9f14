// Browser side of the islands: mounts markers with the spec's hydration rule. Hydrate when the
// root is flagged server-rendered and holds more than 50 characters, else render on the client;
// if hydration fails, clear the root and render. The eager entry of an island imports this
// with its component; the lazy entry gets both through a dynamic import (client-schedule.ts).
import { createElement, startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { markersOf } from './client-schedule.ts';

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
      // In a transition, React hydrates in slices of a few milliseconds, yielding to the browser
      // between them, instead of one long task (a slow phone's main thread stays free); a tap
      // on the island meanwhile makes React hydrate it at once.
      startTransition(() => {
        hydrateRoot(root, element, {
          onRecoverableError: (error) => console.warn('Island re-rendered on the client:', error),
        });
      });
    } catch {
      clientRender();
    }
  } else {
    clientRender();
  }
  marker.dataset.hydrated = 'true';
}

/** The eager entry of island `name`: mounts its `load` markers at once. */
export function hydrateIslands(name: string, Component: ComponentType<any>): void {
  for (const marker of markersOf(name, false)) {
    // One broken island (bad props, a throwing render) must not stop the others.
    try {
      mountIsland(marker, Component);
    } catch (error) {
      console.error(`Island "${name}" failed to start:`, error);
    }
  }
}
