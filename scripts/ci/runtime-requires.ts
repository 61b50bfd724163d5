import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const BUILTINS = new Set(builtinModules);

/** `require("x")`, `require.resolve("x")` and `import("x")` with a literal name, as tsc emits them in CommonJS. */
const SPECIFIER = /\b(?:require(?:\.resolve)?|import)\(\s*["']([^"']+)["']\s*\)/g;

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** The compiled file a relative specifier loads: the path itself, with .js, or its index.js. */
function resolveLocal(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.js`, path.join(base, 'index.js')].find((file) => existsSync(file) && statSync(file).isFile());
}

/**
 * Every package the compiled `entries` load, following their relative requires through dist/: package name ->
 * the first file that loads it. Node's built-in modules are left out. Names built at run time are not seen.
 */
export function packagesLoadedBy(entries: string[]): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [...entries.map((entry) => path.resolve(entry))];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      if (specifier.startsWith('.')) {
        const local = resolveLocal(file, specifier);
        if (!local) throw new Error(`${file}: cannot find ${specifier} in the build`);
        queue.push(local);
      } else if (!specifier.startsWith('node:') && !BUILTINS.has(packageOf(specifier))) {
        if (!packages.has(packageOf(specifier))) packages.set(packageOf(specifier), file);
      }
    }
  }
  return packages;
}
