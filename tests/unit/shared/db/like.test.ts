import { containsPattern, escapeLike, prefixPattern } from '../../../../shared/db/like';

describe('LIKE patterns', () => {
  it.each([
    ['plain', 'plain'],
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['back\\slash', 'back\\\\slash'],
    ['%_\\', '\\%\\_\\\\'],
  ])('escape %s', (text, escaped) => expect(escapeLike(text)).toBe(escaped));

  it('wrap the escaped text for contains and prefix matches', () => {
    expect(containsPattern('a%')).toBe('%a\\%%');
    expect(prefixPattern('a_')).toBe('a\\_%');
  });
});
