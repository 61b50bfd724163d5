import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { runChild, bin } from './run-child';
import { runMain } from './run-main';
import { projectRoot } from './services/paths';

// `npm run build`: the processes and the scripts they need (migrate, the CLI, npm start) compiled to CommonJS in
// dist/, each source at the same path with .js (services/identity/main.ts -> dist/services/identity/main.js), so
// the production image runs `node dist/...` without tsx. A type error fails the build.

/**
 * Files the compiled code reads relative to its own folder (__dirname), copied beside it: the browser apps' static
 * files and the storefront's onboarding guide. JSON the code imports (mappings/) is emitted by tsc itself.
 */
const RUNTIME_ASSETS = [
  'services/admin-console/public',
  'services/demo-shop/public',
  'services/storefront-api/docs/onboarding.md',
];

const DIST = 'dist';

async function main(): Promise<number> {
  process.chdir(projectRoot);
  const started = performance.now();
  // From scratch: a file whose source was deleted or renamed must not linger in the image.
  await rm(DIST, { recursive: true, force: true });
  const code = await runChild(bin('tsc'), ['-p', 'tsconfig.build.json'], process.env);
  if (code !== 0) {
    console.error(`tsc failed (exit ${code})`);
    return code;
  }
  for (const asset of RUNTIME_ASSETS) await cp(asset, path.join(DIST, asset), { recursive: true });
  console.log(`Built ${DIST}/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

runMain(main);
