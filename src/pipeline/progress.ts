// What a finished stage made, in words, for the build's progress lines (BuildOptions.onProgress).
import type { BuildState } from './state.ts';

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "4,026 posts", "330 photo variants encoded": what `stage` left in `state`. */
export function stageMade(state: BuildState, stage: string): string {
  const graph = state.graph;
  switch (stage) {
    case 'content': return count((graph?.posts.length ?? 0) + (graph?.withheld.length ?? 0), 'post') + ` and ${count(graph?.locations.length ?? 0, 'location')}`;
    case 'link': return `${count(graph?.posts.length ?? 0, 'post')} to publish`;
    case 'images': return count(Object.keys(state.images?.manifest ?? {}).length, 'photo');
    case 'routes': return count(state.routes.length, 'route');
    case 'warnings': return count(state.diagnostics.filter((d) => d.severity === 'warning').length, 'warning');
    case 'bundle': return count(state.client?.files.length ?? 0, 'client file');
    case 'render': return `${count(state.rendered ?? state.pages.size, 'page')} rendered`;
    case 'photos': return `${count(state.images?.encoded ?? 0, 'photo variant')} encoded`;
    case 'cards': return `${count(state.cards?.paths.length ?? 0, 'card')}, ${state.cards?.rendered ?? 0} drawn`;
    case 'links': return `${count(state.pages.size, 'page')} checked`;
    case 'write': return count(state.pages.size, 'page');
    default: return '';
  }
}
