// Installs dependencies when node_modules is missing or older than the lockfile.
// Plain CommonJS with no dependencies: it runs before anything is installed.
const { existsSync, statSync } = require('node:fs');
const { execSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const marker = path.join(root, 'node_modules', '.package-lock.json');
const lock = path.join(root, 'package-lock.json');
const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
if (stale) {
  console.log('Installing dependencies (npm install)...');
  // `npm ci` fails on this registry mirror (missing optional binaries of other platforms); install respects the lockfile.
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
