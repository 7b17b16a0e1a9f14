// The executor's worker entry: piscina calls the default export with each task. The executor
// bundles this file (with its libraries) into .stitch/server once per engine version, so a
// worker starts on plain JavaScript without a TypeScript loader. The runner (and what its
// tasks keep) is made once per worker, when the worker loads this module.
import { taskRunner } from './task-runner.ts';
import { tasks } from './tasks.ts';

export default taskRunner(tasks);
