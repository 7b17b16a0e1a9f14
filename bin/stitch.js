#!/usr/bin/env node
// The `stitch` executable: registers tsx so the TypeScript engine runs without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
