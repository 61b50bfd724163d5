import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileCards, MemoryCards } from '../../../../../shared/search/embedded/card-store';
import { buildCards } from '../../../../../shared/search/embedded/build/build-cards';
import { fixtureDocuments } from '../contract/fixture';

describe('card stores', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aisle-cards-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a card file answers every card exactly like the buffer it was written from, also after the file is removed', async () => {
    const docs = fixtureDocuments();
    const built = buildCards(docs);
    const { bytes, offsets } = built.all();
    await writeFile(join(dir, 'cards.bin'), bytes);
    const file = new FileCards(join(dir, 'cards.bin'), offsets);
    await rm(join(dir, 'cards.bin'));
    const decode = (b: Uint8Array) => JSON.parse(new TextDecoder().decode(b)) as unknown;
    expect(file.count).toBe(docs.length);
    docs.forEach((doc, i) => {
      expect(decode(file.card(i))).toEqual(doc.card);
    });
    expect(Buffer.from(file.all().bytes)).toEqual(Buffer.from(bytes));
    expect(new MemoryCards(bytes, offsets).card(3)).toEqual(built.card(3));
  });

  it('a card file stays open until its last holder releases it, then refuses reads', async () => {
    const { bytes, offsets } = buildCards(fixtureDocuments()).all();
    await writeFile(join(dir, 'cards.bin'), bytes);
    const file = new FileCards(join(dir, 'cards.bin'), offsets);
    file.retain();
    file.retain();
    file.release();
    expect([file.open, file.card(0).length > 0]).toEqual([true, true]);
    file.release();
    expect(file.open).toBe(false);
    expect(() => file.card(0)).toThrow('card file already closed');
    expect(() => file.retain()).toThrow('card file already closed');
    // Cards nobody took up (a load that failed half-way) close on their first release.
    const unheld = new FileCards(join(dir, 'cards.bin'), offsets);
    unheld.release();
    expect(unheld.open).toBe(false);
  });

  it('keeps the most recently read cards up to its bound, and answers them without reading the file', async () => {
    const docs = fixtureDocuments();
    const { bytes, offsets } = buildCards(docs).all();
    await writeFile(join(dir, 'cards.bin'), bytes);
    const largest = Math.max(...docs.map((_, i) => (offsets[i + 1] as number) - (offsets[i] as number)));
    const bound = largest * 3;
    const file = new FileCards(join(dir, 'cards.bin'), offsets, bound);
    const first = Buffer.from(file.card(0));
    docs.forEach((_, i) => {
      file.card(i);
      expect(file.recentSize).toBeLessThanOrEqual(bound);
    });
    expect(file.recentSize).toBeGreaterThan(0);
    // The file's bytes change under it (a card file never does): the last card read is answered as kept.
    const last = docs.length - 1;
    const kept = Buffer.from(file.card(last));
    await writeFile(join(dir, 'cards.bin'), Buffer.alloc(bytes.length, 0x20));
    expect(Buffer.from(file.card(last))).toEqual(kept);
    // The first one was pushed out by later reads: read again from the file, now blank.
    expect(Buffer.from(file.card(0))).not.toEqual(first);
    file.release();
    expect(file.recentSize).toBe(0);
    expect(() => file.card(last)).toThrow('card file already closed');
  });

  it('reads a card larger than its bound without keeping it, and keeps the cards it holds', async () => {
    const docs = fixtureDocuments();
    const { bytes, offsets } = buildCards(docs).all();
    await writeFile(join(dir, 'cards.bin'), bytes);
    const memory = new MemoryCards(bytes, offsets);
    const lengths = docs.map((_, i) => (offsets[i + 1] as number) - (offsets[i] as number));
    const largest = lengths.indexOf(Math.max(...lengths));
    const smallest = lengths.indexOf(Math.min(...lengths));
    const file = new FileCards(join(dir, 'cards.bin'), offsets, (lengths[largest] as number) - 1);
    file.card(smallest);
    expect(Buffer.from(file.card(largest))).toEqual(Buffer.from(memory.card(largest)));
    expect(file.recentSize).toBe(lengths[smallest]);
    expect(Buffer.from(file.card(smallest))).toEqual(Buffer.from(memory.card(smallest)));
  });

  it('answers every card right while its ring wraps around cards of very different lengths', async () => {
    // 200 cards of 1 to 300 bytes, each byte its card's number: a card read over another's bytes shows.
    const lengths = Array.from({ length: 200 }, (_, i) => 1 + ((i * 97) % 300));
    const offsets = new Float64Array(lengths.length + 1);
    lengths.forEach((length, i) => {
      offsets[i + 1] = (offsets[i] as number) + length;
    });
    const bytes = Buffer.concat(lengths.map((length, i) => Buffer.alloc(length, i)));
    await writeFile(join(dir, 'cards.bin'), bytes);
    const bound = 1000;
    const file = new FileCards(join(dir, 'cards.bin'), offsets, bound);
    let seed = 7;
    for (let read = 0; read < 20_000; read++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      // Half the reads among a few cards (kept ones read again), half among all of them.
      const ordinal = read % 2 === 0 ? seed % 8 : seed % lengths.length;
      expect(Buffer.from(file.card(ordinal))).toEqual(Buffer.alloc(lengths[ordinal] as number, ordinal));
      expect(file.recentSize).toBeLessThanOrEqual(bound);
    }
  });

  it('stays within its bound and answers every card right over many thousand evictions', async () => {
    const docs = fixtureDocuments();
    const { bytes, offsets } = buildCards(docs).all();
    await writeFile(join(dir, 'cards.bin'), bytes);
    const memory = new MemoryCards(bytes, offsets);
    const bound = ((offsets[docs.length] as number) / docs.length) * 4;
    const file = new FileCards(join(dir, 'cards.bin'), offsets, bound);
    for (let read = 0; read < 20_000; read++) {
      // Every third read a card not read for long, the others six cards read again and again (kept ones).
      const ordinal = read % 3 === 0 ? (read * 7) % docs.length : (read * 13) % 6;
      expect(Buffer.from(file.card(ordinal))).toEqual(Buffer.from(memory.card(ordinal)));
      expect(file.recentSize).toBeLessThanOrEqual(bound);
    }
    expect(file.recentSize).toBeGreaterThan(0);
  });
});
