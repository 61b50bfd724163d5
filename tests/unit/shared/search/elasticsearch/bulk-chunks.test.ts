import { chunkOperations, DEFAULT_BULK_CHUNK } from '../../../../../shared/search/elasticsearch/bulk-chunks';

const ops = (...sizes: number[]) => sizes.map((bytes, position) => ({ position, bytes }));
const positions = (chunks: { position: number }[][]) => chunks.map((chunk) => chunk.map((op) => op.position));

describe('bulk request chunks', () => {
  it('defaults to the official bulk helper flushBytes (5 MB) and 1000 operations a request', () => {
    // flushBytes default 5000000: https://www.elastic.co/docs/reference/elasticsearch/clients/javascript/client-helpers#bulk-helper
    expect(DEFAULT_BULK_CHUNK).toEqual({ maxBytes: 5_000_000, maxOperations: 1_000 });
  });

  it('starts a new request before one would pass the byte limit, keeping the order', () => {
    expect(positions(chunkOperations(ops(40, 60, 1, 99, 100, 50, 50), { maxBytes: 100, maxOperations: 10 }))).toEqual([
      [0, 1],
      [2, 3],
      [4],
      [5, 6],
    ]);
  });

  it('starts a new request at the operation count', () => {
    expect(positions(chunkOperations(ops(1, 1, 1, 1, 1, 1, 1), { maxBytes: 1_000, maxOperations: 3 }))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6],
    ]);
  });

  it('sends an operation over the byte limit alone, and nothing for no operations', () => {
    expect(positions(chunkOperations(ops(10, 500, 10), { maxBytes: 100, maxOperations: 10 }))).toEqual([[0], [1], [2]]);
    expect(chunkOperations([], DEFAULT_BULK_CHUNK)).toEqual([]);
  });

  it('5,000 documents of 21 KB (105 MB, over http.max_content_length) go in 22 requests of at most 5 MB', () => {
    const chunks = chunkOperations(ops(...new Array<number>(5_000).fill(21_000)), DEFAULT_BULK_CHUNK);
    expect(chunks.map((chunk) => chunk.length)).toEqual([...new Array<number>(21).fill(238), 5_000 - 21 * 238]);
    expect(chunks.flat().map((op) => op.position)).toEqual([...new Array(5_000).keys()]);
  });
});
