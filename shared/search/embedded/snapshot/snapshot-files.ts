import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { SearchDocument } from '../../document';
import { documentLine, type KeptDocument } from '../kept-document';
import { ordinalOf } from '../query/binary-search';
import { FileCards, MemoryCards, RECENT_CARDS_BYTES, type CardStore } from '../card-store';
import { DetailFile, type DetailSpans, NO_DETAIL } from '../detail-file';
import { ChunkedFile } from './chunked-file';
import { CountingMemory, fitsCountingMemory } from '../wasm/counting-memory';
import type { IndexData } from '../index-data';
import { decodeIndex } from './decode-index';
import { encodeIndex } from './encode-index';
import type { SnapshotMeta } from './snapshot-meta';

const META = 'meta.json';
const ARRAYS = 'arrays.bin';
export const DOCUMENTS = 'documents.ndjson';
const CARDS = 'cards.bin';
/** A full build's details (DocumentSpool), and where each document's is (DetailSpans, by ordinal). */
export const DETAILS = 'details.bin';
const DETAIL_SPANS = 'details.idx';
/** Card files up to this size are read into memory; larger ones are read per hit (see FileCards). */
export const MEMORY_CARDS_MAX = 32 * 1024 * 1024;

/** One document as a line of documents.ndjson. */
export type DocumentLine = (doc: KeptDocument) => string;

/**
 * Writes an immutable snapshot directory: metadata, packed arrays, and the source documents (read back only
 * when a later write must rebuild; `line` serialises one, by default with the card the index holds for it).
 * Written under a temporary name and renamed, so readers never see half a snapshot.
 */
export async function writeSnapshot(
  dir: string,
  data: IndexData,
  documents: Iterable<KeptDocument>,
  extra: (temporary: string) => Promise<void> = async () => {},
  line: DocumentLine = indexedLine(data),
): Promise<void> {
  const temporary = `${dir}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(temporary, { recursive: true });
  await finishSnapshot(temporary, dir, data, async () => {
    await writeDocuments(join(temporary, DOCUMENTS), documents, line);
    await extra(temporary);
  });
}

/**
 * Completes a snapshot in `temporary` (`rest` writes whatever it lacks besides the index, e.g. its documents
 * when a DocumentSpool did not) and renames it to `dir`; on failure the temporary directory is removed.
 */
export async function finishSnapshot(
  temporary: string,
  dir: string,
  data: IndexData,
  rest: () => Promise<void> = async () => {},
): Promise<void> {
  try {
    const { meta, arrays, cards } = encodeIndex(data);
    await writeFile(join(temporary, ARRAYS), arrays);
    await writeFile(join(temporary, CARDS), cards);
    await rest();
    await writeFile(join(temporary, META), JSON.stringify(meta));
    await rename(temporary, dir);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
}

/** Writes where each document's detail is in details.bin, by ordinal (the file itself was written as they came). */
export async function writeDetailSpans(dir: string, spans: DetailSpans): Promise<void> {
  await writeFile(join(dir, DETAIL_SPANS), new Uint8Array(spans.buffer, spans.byteOffset, spans.byteLength));
}

/**
 * Writes into `dir` the details `detailOf` gives the documents of `ids` (a build's, by ordinal) and where each is;
 * returns those places, or null (nothing written) when no document has one.
 */
export async function writeDetails(
  dir: string,
  ids: readonly string[],
  detailOf: (id: string) => Uint8Array | null,
): Promise<DetailSpans | null> {
  const spans = new Float64Array(2 * ids.length);
  let file: ChunkedFile | null = null;
  for (let d = 0; d < ids.length; d++) {
    const detail = detailOf(ids[d] as string);
    spans[2 * d + 1] = detail === null ? NO_DETAIL : detail.length;
    if (detail === null) continue;
    file ??= new ChunkedFile(join(dir, DETAILS));
    spans[2 * d] = file.appendBytes(detail);
  }
  if (file === null) return null;
  await file.finish();
  await writeDetailSpans(dir, spans);
  return spans;
}

/** The details the snapshot in `dir` kept at `spans`, to read (see DetailFile). */
export const openDetails = (dir: string, spans: DetailSpans): DetailFile => new DetailFile(join(dir, DETAILS), spans);

/** The details a snapshot kept, or null when it kept none. */
async function readDetails(dir: string): Promise<DetailFile | null> {
  const bytes = await readFile(join(dir, DETAIL_SPANS)).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw error;
  });
  if (bytes === null) return null;
  // A copy: the read buffer may not be 8-byte aligned.
  const spans = new Float64Array(bytes.byteLength / 8);
  new Uint8Array(spans.buffer).set(bytes);
  return openDetails(dir, spans);
}

/** Lines whose card is the one the index holds (a KeptDocument may have no card object left). */
function indexedLine(data: IndexData): DocumentLine {
  const decoder = new TextDecoder();
  return (doc) => {
    const ordinal = ordinalOf(data.ids, doc.id);
    if (ordinal < 0) throw new Error(`document ${doc.id} is not in the index it is written with`);
    return documentLine(doc, decoder.decode(data.cards.card(ordinal)));
  };
}

async function writeDocuments(path: string, documents: Iterable<KeptDocument>, line: DocumentLine): Promise<void> {
  const file = await open(path, 'w');
  try {
    let chunk: string[] = [];
    for (const doc of documents) {
      chunk.push(line(doc));
      if (chunk.length === 1000) {
        await file.write(`${chunk.join('\n')}\n`);
        chunk = [];
      }
    }
    if (chunk.length > 0) await file.write(`${chunk.join('\n')}\n`);
  } finally {
    await file.close();
  }
}

/**
 * Loads a snapshot's index: one read of the packed arrays, viewed in place. A card file over `memoryCardsMax`
 * bytes stays open (FileCards): whoever serves the index retains its cards and releases them when done.
 */
export async function readSnapshot(dir: string, memoryCardsMax = MEMORY_CARDS_MAX): Promise<IndexData> {
  const meta = JSON.parse(await readFile(join(dir, META), 'utf8')) as SnapshotMeta;
  const { arrays, counting } = await readArrays(join(dir, ARRAYS), meta);
  const cardsPath = join(dir, CARDS);
  const inMemory = (await stat(cardsPath)).size <= memoryCardsMax ? await readFile(cardsPath) : null;
  const details = await readDetails(dir);
  let opened: CardStore | null = null;
  const cards = (offsets: Float64Array) =>
    (opened =
      inMemory === null
        ? new FileCards(cardsPath, offsets, RECENT_CARDS_BYTES, details)
        : new MemoryCards(inMemory, offsets, details));
  try {
    return decodeIndex(meta, arrays.buffer as ArrayBuffer, arrays.byteOffset, cards, counting);
  } catch (error) {
    // The card store owns the detail file once made; before that, nobody does.
    const store = opened as CardStore | null;
    if (store === null) details?.release();
    else store.release();
    throw error;
  }
}

/**
 * The packed arrays, read into a counting memory (its facet rows are counted there, see CountingMemory) unless they
 * would not fit one: then into a buffer of their own, 8-byte aligned as typed-array views need.
 */
async function readArrays(
  path: string,
  meta: SnapshotMeta,
): Promise<{ arrays: Uint8Array; counting: CountingMemory | null }> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const counters = Math.max(0, ...meta.facets.map((facet) => facet.values.length));
    const counting = fitsCountingMemory(size, meta.docCount, counters)
      ? new CountingMemory(size, meta.docCount, counters)
      : null;
    const arrays = counting?.data ?? new Uint8Array(new ArrayBuffer(size));
    for (let at = 0; at < size; ) {
      const { bytesRead } = await file.read(arrays, at, size - at, at);
      if (bytesRead === 0) throw new Error(`${path} ended at ${at} of ${size} bytes`);
      at += bytesRead;
    }
    return { arrays, counting };
  } finally {
    await file.close();
  }
}

/** The source documents of a snapshot, by id. */
export async function readSnapshotDocuments(dir: string): Promise<Map<string, SearchDocument>> {
  const documents = new Map<string, SearchDocument>();
  const lines = createInterface({ input: createReadStream(join(dir, DOCUMENTS), 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    const doc = JSON.parse(line) as SearchDocument;
    documents.set(doc.id, doc);
  }
  return documents;
}
