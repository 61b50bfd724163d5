import type { estypes } from '@elastic/elasticsearch';
import type { SearchDocument } from '../../../../../shared/search';
import { bulkLines, prepareBulk, readBulkItems } from '../../../../../shared/search/elasticsearch/bulk-body';
import { toProductSource } from '../../../../../shared/search/elasticsearch/document-source';
import { sampleDocument } from './fixture';

const doc1 = sampleDocument({ id: 'a' });
const doc2 = sampleDocument({ id: 'b' });
const EN = { languages: ['en'], fields: null };

describe('bulk body', () => {
  it('translates index and delete operations in order, to one index', () => {
    const prepared = prepareBulk(
      'shop-1',
      [
        { action: 'index', document: doc1 },
        { action: 'delete', id: 'x' },
        { action: 'index', document: doc2 },
      ],
      EN,
    );
    expect(prepared.failures).toEqual([]);
    // Bulk API NDJSON: an action line, then the source for index (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/docs-bulk.html).
    const lines = bulkLines(prepared.operations);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { index: { _index: 'shop-1', _id: 'a' } },
      toProductSource(doc1, ['en']),
      { delete: { _index: 'shop-1', _id: 'x' } },
      { index: { _index: 'shop-1', _id: 'b' } },
      toProductSource(doc2, ['en']),
    ]);
    expect(lines[2]).toBe('{"delete":{"_index":"shop-1","_id":"x"}}');
    expect(prepared.operations.map((o) => o.position)).toEqual([0, 1, 2]);
  });

  it('knows the size of each operation in bytes: its UTF-8 lines with their newlines', () => {
    const prepared = prepareBulk(
      'shop-1',
      [
        { action: 'delete', id: 'x' },
        { action: 'delete', id: 'ö' },
        { action: 'index', document: doc1 },
      ],
      EN,
    );
    const [plain, accented, indexed] = prepared.operations;
    expect(plain?.bytes).toBe(41); // {"delete":{"_index":"shop-1","_id":"x"}} and its newline
    expect(accented?.bytes).toBe(42); // ö is two bytes in UTF-8
    expect(indexed?.bytes).toBe(
      Buffer.byteLength(
        `${JSON.stringify({ index: { _index: 'shop-1', _id: 'a' } })}\n${JSON.stringify(toProductSource(doc1, ['en']))}\n`,
      ),
    );
  });

  it('reports invalid documents by position without sending them', () => {
    const broken = { ...doc2, numbers: { 'price.se': 'cheap' } } as unknown as SearchDocument;
    const prepared = prepareBulk(
      'shop-1',
      [
        { action: 'index', document: broken },
        { action: 'delete', id: '' },
        { action: 'index', document: doc1 },
      ],
      EN,
    );
    expect(prepared.failures).toEqual([
      { position: 0, id: 'b', reason: 'numbers must be finite' },
      { position: 1, id: null, reason: 'delete needs a non-empty id' },
    ]);
    expect(prepared.operations.map((o) => o.id)).toEqual(['a']);
  });

  it('reads item outcomes: success, absent delete, failure with reason, 429 to retry', () => {
    const prepared = prepareBulk(
      'i',
      [
        { action: 'index', document: doc1 },
        { action: 'delete', id: 'gone' },
        { action: 'index', document: doc2 },
        { action: 'delete', id: 'z' },
      ],
      EN,
    );
    const response: estypes.BulkResponse = {
      errors: true,
      took: 1,
      items: [
        { index: { _index: 'i', _id: 'a', status: 201 } },
        { delete: { _index: 'i', _id: 'gone', status: 404, result: 'not_found' } },
        {
          index: {
            _index: 'i',
            _id: 'b',
            status: 400,
            error: { type: 'document_parsing_exception', reason: 'bad field' },
          },
        },
        {
          delete: {
            _index: 'i',
            _id: 'z',
            status: 429,
            error: { type: 'es_rejected_execution_exception', reason: 'queue full' },
          },
        },
      ],
    };
    const outcome = readBulkItems(prepared.operations, response);
    expect(outcome.succeeded).toBe(2);
    expect(outcome.failures).toEqual([{ position: 2, id: 'b', reason: 'document_parsing_exception: bad field' }]);
    expect(outcome.retry.map((o) => o.position)).toEqual([3]);
  });
});
