// Client entry names. Every island has two entries: `<name>` (eager: its component and React
// load with the page) for islands that hydrate at once, and `<name>.lazy` (a few lines that
// load the component, and React, when a `visible` or `idle` island is due).
/** When an island hydrates: at once, near the viewport, or when the browser is idle. */
export type HydrateWhen = 'load' | 'visible' | 'idle';

export const LAZY_SUFFIX = '.lazy';

/** The entry a page loads for an island placed with `when`. */
export function entryFor(name: string, when: HydrateWhen): string {
  return when === 'load' ? name : `${name}${LAZY_SUFFIX}`;
}
