import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImageFacts } from '../../../../shared/media/descriptor';
import type { Manifest } from '../../../../shared/media/manifest';
import { RenditionStore } from '../../../../shared/media/rendition-store';

const HEX = 'ab'.repeat(32);
const IMAGE_FACTS: ImageFacts = {
  w: 100,
  h: 100,
  blurhash: 'L00000fQfQfQfQfQfQfQfQfQfQfQ',
  color: '#ffffff',
  bg: 'white',
};
const manifestOf = (kind: 'image' | 'file'): Manifest =>
  kind === 'file'
    ? { kind, hash: `sha256:${HEX}`, recipe: 1, bytes: 10, pages: null, mime: 'application/pdf' }
    : { kind, hash: `sha256:${HEX}`, recipe: 1, facts: IMAGE_FACTS, widths: [100], formats: ['avif'] };

describe('RenditionStore.manifest', () => {
  let root: string;
  let store: RenditionStore;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'renditions-'));
    store = new RenditionStore(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('is null while nothing is rendered, and found once the manifest is written (a miss is not kept)', async () => {
    expect(await store.manifest(HEX, 1, 'image')).toBeNull();
    await store.commit(HEX, 1, manifestOf('image'), new Map([['100.avif', new Uint8Array([1])]]));
    expect(await store.manifest(HEX, 1, 'image')).toEqual(manifestOf('image'));
    expect(await store.manifest(HEX, 1, 'file')).toBeNull();
  });

  it('is null when a file stands where the folder would be (ENOTDIR), and null for a manifest of another kind', async () => {
    await mkdir(path.join(root, HEX.slice(0, 2)), { recursive: true });
    await writeFile(path.join(root, HEX.slice(0, 2), HEX), 'not a folder');
    expect(await store.manifest(HEX, 1, 'image')).toBeNull();
    await rm(path.join(root, HEX.slice(0, 2), HEX));
    await mkdir(store.folder(HEX, 1), { recursive: true });
    await writeFile(path.join(store.folder(HEX, 1), 'manifest-image.json'), JSON.stringify(manifestOf('file')));
    expect(await store.manifest(HEX, 1, 'image')).toBeNull();
  });

  it('keeps a found manifest: it never changes once written', async () => {
    await store.commit(HEX, 1, manifestOf('image'), new Map());
    expect(await store.manifest(HEX, 1, 'image')).not.toBeNull();
    await rm(store.folder(HEX, 1), { recursive: true });
    expect(await store.manifest(HEX, 1, 'image')).toEqual(manifestOf('image'));
  });
});
