import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packagesLoadedBy } from '../../../../scripts/ci/runtime-requires';

describe('packagesLoadedBy', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'runtime-requires-'));
    mkdirSync(path.join(dir, 'lib'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);

  it('follows relative requires and names each package once, by package name, without built-ins', () => {
    write(
      'main.js',
      'const a = require("./lib");\nconst fs = require("node:fs");\nconst p = require("path");\nrequire("express");',
    );
    write(
      'lib/index.js',
      'require("../other.js"); const s = require("@scope/pkg/sub/file"); require.resolve("swagger-ui-dist/package.json");',
    );
    write('other.js', 'const jose = require("jose"); import("late"); require("express");');
    write('unreached.js', 'require("never-loaded");');
    const found = packagesLoadedBy([path.join(dir, 'main.js')]);
    expect([...found.keys()].sort()).toEqual(['@scope/pkg', 'express', 'jose', 'late', 'swagger-ui-dist']);
    expect(found.get('jose')).toBe(path.join(dir, 'other.js'));
  });

  it('fails on a relative require the build does not contain', () => {
    write('main.js', 'require("./missing");');
    expect(() => packagesLoadedBy([path.join(dir, 'main.js')])).toThrow(/cannot find \.\/missing/);
  });
});
