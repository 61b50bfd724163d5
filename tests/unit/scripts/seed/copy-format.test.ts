import { copyField, copyLines } from '../../../../scripts/seed/writer/copy-format';

describe('COPY text format', () => {
  it('writes null, booleans and numbers as PostgreSQL reads them', () => {
    expect([copyField(null), copyField(true), copyField(false), copyField(12.5), copyField('')]).toEqual([
      '\\N',
      't',
      'f',
      '12.5',
      '',
    ]);
  });

  it('escapes backslashes, tabs and line breaks in text', () => {
    expect(copyField('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyField('plain åäö "quoted"')).toBe('plain åäö "quoted"');
  });

  it('leads every line with the prefix and ends it with a newline', () => {
    expect(
      copyLines('7\t', [
        [1, 'x', null],
        [2, 'y\tz', true],
      ]),
    ).toBe('7\t1\tx\t\\N\n7\t2\ty\\tz\tt\n');
  });
});
