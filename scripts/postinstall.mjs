// `postinstall`: patch-package applies patches/ to the installed dependencies (after every
// `npm ci`). `npx stitch` in a checkout without node_modules installs the project into npx's
// cache without its dependencies and runs this too: with no patch-package there is nothing to
// patch, so it steps aside and npx goes on to the launcher, which says "dependencies are not
// installed: run npm ci" (a failing postinstall made npx exit 127 with no message).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

let patchPackage;
try {
  patchPackage = createRequire(import.meta.url).resolve('patch-package/index.js');
} catch {
  process.exit(0);
}
const run = spawnSync(process.execPath, [patchPackage], { stdio: 'inherit' });
process.exit(run.status ?? 1);
