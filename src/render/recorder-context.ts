// The page recorder (page-recorder.ts) as React sees it: renderPage() provides one per page, the
// JSX runtime's recorded elements write into it, an island hands it to its own root.
import { createContext } from 'react';
import type { PageRecorder } from './page-recorder.ts';

/** The recorder of the page being rendered; null outside a page render. */
export const RecorderContext = createContext<PageRecorder | null>(null);

/** The innermost video, audio or picture element being rendered (what its `<source>`s load). */
export const MediaParent = createContext<string | undefined>(undefined);
