import { AS_OF, seedChecksum } from './collect-seed';

// Run in a process of its own by generator-determinism.test.ts: prints the checksum of the seed named on the
// command line (`{"products":…,"orders":…,"seed":…}`), generated as of AS_OF.
const options = JSON.parse(process.argv[2] ?? '{}') as { products: number; orders: number; seed: number };
process.stdout.write(seedChecksum({ ...options, asOf: AS_OF }));
