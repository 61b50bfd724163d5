import { replaceSection } from '../../../../scripts/bench/shared/report-section';
import { percentile } from '../../../../scripts/bench/shared/timing';

const doc = [
  '# Benchmarks',
  '',
  '## Seeding',
  'old seed',
  '',
  '## Search engine',
  'old engine',
  '### 10,000',
  'table',
  '',
].join('\n');

describe('benchmark report sections', () => {
  it('replace their own section and keep the others', () => {
    const out = replaceSection(doc, '## Seeding\nnew seed\n');
    expect(out).toBe(
      [
        '# Benchmarks',
        '',
        '## Seeding',
        'new seed',
        '',
        '## Search engine',
        'old engine',
        '### 10,000',
        'table',
        '',
      ].join('\n'),
    );
  });

  it('replace the last section including its sub-headings', () => {
    expect(replaceSection(doc, '## Search engine\nnew')).toBe(
      ['# Benchmarks', '', '## Seeding', 'old seed', '', '## Search engine', 'new', ''].join('\n'),
    );
  });

  it('append a new section, and start an empty file with the title', () => {
    expect(replaceSection(doc, '## Matching\nx').endsWith('table\n\n## Matching\nx\n')).toBe(true);
    expect(replaceSection('', '## Matching\nx')).toBe('# Benchmarks\n\n## Matching\nx\n');
  });

  it('never matches a heading that only starts like the section title', () => {
    const out = replaceSection('## Search engine extras\nkeep\n', '## Search engine\nnew');
    expect(out).toBe('## Search engine extras\nkeep\n\n## Search engine\nnew\n');
  });

  it('refuse a section without a heading', () => expect(() => replaceSection(doc, 'no heading')).toThrow(/heading/));
});

describe('percentile', () => {
  const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
  it.each([
    [0.5, 50],
    [0.99, 99],
    [1, 100],
    [0, 1],
  ])('q=%s -> %s (nearest rank)', (q, v) => expect(percentile(sorted, q)).toBe(v));
  it('is NaN without samples', () => expect(percentile([], 0.5)).toBeNaN());
});
