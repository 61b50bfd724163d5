import { renderSeedSection } from '../../../../scripts/bench/seed/report';
import { replaceSection } from '../../../../scripts/bench/shared/report-section';

const result = {
  tenantId: 1,
  rows: { orders: 2000, products: 1000, prices: 0 },
  tableMs: { orders: 1000, products: 500 },
  totalRows: 3000,
  ms: 2000,
};
const info = {
  command: 'npm run bench:seed',
  products: 1000,
  orders: 2000,
  seed: 42,
  machine: '2 x CPU',
  date: '2025-06-01',
};

describe('seed benchmark report', () => {
  it('renders totals and rows per second per table, largest first, leaving out empty tables', () => {
    const section = renderSeedSection(info, result);
    expect(section.startsWith('## Seeding\n')).toBe(true);
    expect(section).toContain('3,000 rows in 2.0 s, 1,500 rows/s');
    expect(section).toContain('| orders | 2,000 | 1.0 | 2,000 |\n| products | 1,000 | 0.5 | 2,000 |');
    expect(section).not.toContain('| prices |');
  });

  it('replaces only its own section and keeps the others', () => {
    const doc = '# Benchmarks\n\n## Search engine\n\nfast\n\n## Seeding\n\nold\n\n## Matching\n\nok\n';
    expect(replaceSection(doc, '## Seeding\n\nnew\n')).toBe(
      '# Benchmarks\n\n## Search engine\n\nfast\n\n## Seeding\n\nnew\n\n## Matching\n\nok\n',
    );
  });

  it('appends the section when the document has none', () => {
    expect(replaceSection('# Benchmarks\n\n## Search engine\n\nfast\n', '## Seeding\n\nnew\n')).toBe(
      '# Benchmarks\n\n## Search engine\n\nfast\n\n## Seeding\n\nnew\n',
    );
  });
});
