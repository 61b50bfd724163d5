import { compiledEntry, entryArgs } from '../../../../scripts/start/supervisor';

describe('how the supervisor starts a process', () => {
  it('runs the compiled file under dist/ for a compiled runner', () => {
    expect(compiledEntry('services/identity/main.ts')).toBe('dist/services/identity/main.js');
    expect(entryArgs('indexer/main.ts', { node: '/opt/node24/bin/node', compiled: true })).toEqual([
      'dist/indexer/main.js',
    ]);
  });

  it('runs the TypeScript entry through tsx otherwise', () => {
    expect(entryArgs('indexer/main.ts', { node: 'node', compiled: false })).toEqual([
      'node_modules/tsx/dist/cli.mjs',
      'indexer/main.ts',
    ]);
  });
});
