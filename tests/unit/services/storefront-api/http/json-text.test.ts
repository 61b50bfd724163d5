import { asciiJson } from '../../../../../services/storefront-api/http/ascii-json';
import { answerJson, JsonText } from '../../../../../services/storefront-api/http/json-text';

describe('answerJson', () => {
  it('writes each JsonText verbatim where it stands, nested or not, and the rest as JSON.stringify does', () => {
    const items = new JsonText('[{"id":"1","name":"R\\u00f6d"},{"id":"2"}]');
    const body = { brand: { name: 'Acme' }, listing: { items, total: 2, more: [new JsonText('{"x":true}'), 3] } };
    const json = answerJson(body);
    expect(json).toBe(
      '{"brand":{"name":"Acme"},"listing":{"items":[{"id":"1","name":"R\\u00f6d"},{"id":"2"}],"total":2,' +
        '"more":[{"x":true},3]}}',
    );
    expect(JSON.parse(json)).toEqual({
      brand: { name: 'Acme' },
      listing: { items: [{ id: '1', name: 'Röd' }, { id: '2' }], total: 2, more: [{ x: true }, 3] },
    });
  });

  it('escapes the non-ASCII characters of the texts and of the rest alike (see asciiJson)', () => {
    // Mostly ASCII, as a listing is: asciiJson escapes only such text.
    const note = 'x'.repeat(200);
    const json = answerJson({ label: 'Färg', note, items: new JsonText('["blå"]') });
    expect(json).toBe(`{"label":"F\\u00e4rg","note":"${note}","items":["bl\\u00e5"]}`);
  });

  it('escapes as asciiJson escapes the whole answer, weighing the texts with the rest', () => {
    const ascii = 'x'.repeat(300);
    const bodies = [
      // Mostly ASCII texts with a non-ASCII rest: all escaped.
      { label: 'Färg', items: new JsonText(`["${ascii}"]`), more: [new JsonText('"blå"')] },
      // A mostly non-ASCII text outweighs an ASCII rest: nothing escaped.
      { label: 'Färg', items: new JsonText(JSON.stringify(['Ελαφριά σκηνή από βελανιδιά'.repeat(5)])) },
      // A mostly ASCII rest carries a short non-ASCII text: all escaped.
      { note: ascii, label: 'Färg', items: new JsonText('["blå"]') },
      { note: ascii, items: new JsonText('[1]') },
    ];
    for (const body of bodies) expect(answerJson(body)).toBe(asciiJson(JSON.stringify(body)));
  });

  it('writes a text held by many answers alike in each, escaped or not', () => {
    const items = new JsonText(`["blå","${'x'.repeat(300)}"]`);
    expect(items.escaped()).toBe(`["bl\\u00e5","${'x'.repeat(300)}"]`);
    expect(answerJson(items)).toBe(items.escaped());
    expect(answerJson({ a: 1, items })).toBe(`{"a":1,"items":${items.escaped()}}`);
    const greek = new JsonText(JSON.stringify('Ελαφριά σκηνή'));
    expect([answerJson({ greek }), answerJson({ greek })]).toEqual([
      `{"greek":${greek.text}}`,
      `{"greek":${greek.text}}`,
    ]);
  });

  it('keeps strings that look like a mark as strings', () => {
    const body = { a: '\u0000', b: '\u0000x', items: new JsonText('[1]') };
    expect(JSON.parse(answerJson(body))).toEqual({ a: '\u0000', b: '\u0000x', items: [1] });
  });

  it('is the parsed value to any other encoder', () => {
    expect(JSON.stringify({ items: new JsonText('[{"id":"1"}]') })).toBe('{"items":[{"id":"1"}]}');
  });

  it('encodes an answer without texts as asciiJson(JSON.stringify) does', () => {
    for (const body of [
      { q: 'sko', n: 1, list: [null, 'ö'] },
      { q: 'ö', note: 'x'.repeat(200) },
    ])
      expect(answerJson(body)).toBe(asciiJson(JSON.stringify(body)));
  });
});
