import { readFile } from 'node:fs/promises';
import { generatedModule, watFiles } from '../../../scripts/build-wasm';

describe('generated WebAssembly modules', () => {
  it('are each the compiled bytes of their .wat source (npm run build:wasm)', async () => {
    const sources = await watFiles();
    expect(sources.length).toBeGreaterThan(0);
    for (const wat of sources) {
      const generated = await generatedModule(wat);
      expect(await readFile(generated.path, 'utf8')).toBe(generated.text);
    }
  });
});
