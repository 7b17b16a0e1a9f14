#!/usr/bin/env node
// pretest: the browser tests need Chromium. Use CHROMIUM_PATH, else /usr/bin/chromium; when
// it is missing, install Debian's `chromium` with apt-get where we may (root), or stop with
// a one-line instruction.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(`Chromium not found at ${path}: install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
console.log('Chromium not found: installing Debian chromium with apt-get (once)...');
try {
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
} catch {
  console.error('Installing chromium with apt-get failed; install it by hand (apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing; set CHROMIUM_PATH to your Chromium binary.`);
  process.exit(1);
}
