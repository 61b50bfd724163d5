import { asciiJson } from '../../../../services/storefront-api/http/ascii-json';

describe('asciiJson', () => {
  it('writes the few non-ASCII characters of a body as escapes, the same JSON to a parser', () => {
    const value = {
      name: 'Lätt tält i ek',
      brand: 'Fjällcraft',
      note: 'smile 😀',
      plain: 'x'.repeat(400),
      quote: 'a "b" \\ c',
    };
    const text = asciiJson(JSON.stringify(value));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range starts at NUL; this is no control-character check
    expect(text).toMatch(/^[\x00-\x7f]*$/);
    expect(text).toContain('L\\u00e4tt');
    expect(text).toContain('\\ud83d\\ude00');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('leaves ASCII text and mostly non-ASCII text as they are', () => {
    const ascii = JSON.stringify({ a: 'plain' });
    expect(asciiJson(ascii)).toBe(ascii);
    const greek = JSON.stringify({ name: 'Ελαφριά σκηνή από βελανιδιά' });
    expect(asciiJson(greek)).toBe(greek);
  });

  it('escapes up to one character in fifty, and not one more', () => {
    const at = (nonAscii: number, length: number) =>
      JSON.stringify({ s: 'ä'.repeat(nonAscii) + 'a'.repeat(length - nonAscii - 8) });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range starts at NUL; this is no control-character check
    expect(asciiJson(at(20, 1000))).toMatch(/^[\x00-\x7f]*$/);
    expect(asciiJson(at(21, 1000))).toBe(at(21, 1000));
  });
});
