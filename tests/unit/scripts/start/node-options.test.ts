import { processSpecs } from '../../../../scripts/start/process-specs';

describe('npm start and Node options', () => {
  it("gives the indexer a larger young generation, after the environment's own Node options", async () => {
    const specs = await processSpecs({ NODE_OPTIONS: '--enable-source-maps' });
    const optionsOf = (name: string) => specs.find((s) => s.name === name)?.env.NODE_OPTIONS;
    expect(optionsOf('indexer')).toBe('--enable-source-maps --max-semi-space-size=64');
    expect(optionsOf('storefront-api')).toBe('--enable-source-maps');
    expect((await processSpecs({})).find((s) => s.name === 'indexer')?.env.NODE_OPTIONS).toBe(
      '--max-semi-space-size=64',
    );
  });
});
