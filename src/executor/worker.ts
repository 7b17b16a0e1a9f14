// The executor's worker entry: piscina calls the default export with each task. The executor
// bundles this file (with its libraries) into .stitch/server once per engine version, so a
// worker starts on plain JavaScript without a TypeScript loader.
import { tasks } from './tasks.ts';

export default function run({ task, payload }: { task: string; payload: unknown }): unknown {
  const handler = (tasks as Record<string, (payload: unknown) => unknown>)[task];
  if (!handler) throw new Error(`unknown executor task "${task}"`);
  return handler(payload);
}
