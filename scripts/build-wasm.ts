import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import wabt from 'wabt';
import { runMain } from './run-main';
import { projectRoot } from './services/paths';

// `npm run build:wasm`: each WebAssembly text module (.wat) of the engine compiled into a TypeScript module beside
// it, `<name>-wasm.ts`, which holds the bytes: the code loads them without reading a file, from source and from
// dist/ alike. A unit test holds every generated module to its source.

/** Folders holding .wat modules. */
export const WASM_FOLDERS = ['shared/search/embedded/wasm'];

/** The generated module of a .wat file: its path and its text. */
export async function generatedModule(watPath: string): Promise<{ path: string; text: string }> {
  const source = await readFile(watPath, 'utf8');
  const parsed = (await wabt()).parseWat(path.basename(watPath), source);
  let bytes: Uint8Array;
  try {
    parsed.validate();
    bytes = parsed.toBinary({}).buffer;
  } finally {
    parsed.destroy();
  }
  const name = path.basename(watPath, '.wat');
  const constant = `${name.replace(/-/g, '_').toUpperCase()}_WASM`;
  const text = [
    `// Generated from ${name}.wat by \`npm run build:wasm\`: do not edit.`,
    '',
    `/** The bytes of ${name}.wat, base64. */`,
    // As the formatter writes a constant too long for one line.
    `export const ${constant} =`,
    `  '${Buffer.from(bytes).toString('base64')}';`,
    '',
  ].join('\n');
  return { path: path.join(path.dirname(watPath), `${name}-wasm.ts`), text };
}

/** Every .wat file under WASM_FOLDERS, absolute. */
export async function watFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of WASM_FOLDERS) {
    const dir = path.join(projectRoot, folder);
    for (const file of await readdir(dir)) if (file.endsWith('.wat')) found.push(path.join(dir, file));
  }
  return found;
}

async function main(): Promise<number> {
  for (const wat of await watFiles()) {
    const generated = await generatedModule(wat);
    await writeFile(generated.path, generated.text);
    console.log(`${path.relative(projectRoot, wat)} -> ${path.relative(projectRoot, generated.path)}`);
  }
  return 0;
}

if (require.main === module) runMain(main);
