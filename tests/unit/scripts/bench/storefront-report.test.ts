import {
  medianRow,
  renderStorefrontSection,
  ZIPF_STEADY,
  ZIPF_STEADY_RECORDED,
  ZIPF_STEADY_UNRECORDED,
  type StorefrontRow,
} from '../../../../scripts/bench/storefront/report';

const row = (scenario: string, rps: number, serverUs: number | null = 40): StorefrontRow => ({
  scenario,
  connections: 10,
  medianMs: 1,
  p99Ms: 5,
  rps,
  requests: rps * 10,
  serverUs,
  serverSystemShare: serverUs === null ? null : 0.094,
  clientBusy: 0.974,
});

const render = (
  ceiling: number,
  sized: number,
  rows: StorefrontRow[],
  elasticsearch: { documents: number } | { skipped: string } = { documents: 91_783 },
) =>
  renderStorefrontSection({
    products: 100_000,
    documents: 91_783,
    elasticsearch,
    rows,
    ceilingRps: ceiling,
    sizedRps: sized,
    seconds: 10,
    load: 2.3,
    cores: 2,
    date: '2026-11-23',
    probeMs: { start: 251, end: 402 },
  });

describe('the storefront benchmark section', () => {
  it('quotes each row against both constants, with the server CPU a request and how busy autocannon was', () => {
    const body = render(50_000, 16_000, [row('Zipf', 8000), row('elsewhere', 100, null)]);
    expect(body).toContain('| Zipf | 10 | 1 ms | 5 ms | 8,000 | 16.0% | 50.0% | 40 us (9% system) | 97% |');
    expect(body).toContain('| elsewhere | 10 | 1 ms | 5 ms | 100 | 0.2% | 0.6% | - | 97% |');
  });

  it('says how fast the machine ran before and after (its cores have slow phases)', () => {
    expect(render(50_000, 16_000, [])).toContain('A fixed loop ran in 251 ms before the run and 402 ms after it');
  });

  it('says how much of writing the bytes the target leaves for the rest of a request', () => {
    const body = render(50_000, 16_000, []);
    expect(body).toContain('reaches 32.0% of the ceiling');
    expect(body).toContain('at most 28% of');
  });

  it('says of each Zipf row whether it meets the targets', () => {
    const body = render(50_000, 16_000, [row('Zipf, steady', 13_000), row('Zipf, cold', 12_000), row('distinct', 600)]);
    expect(body).toContain('- Zipf, steady: 26.0% of the ceiling (met), p99 5 ms (met).');
    expect(body).toContain('- Zipf, cold: 24.0% of the ceiling (not met), p99 5 ms (met).');
    expect(body).not.toContain('- distinct');
  });

  it('says what the Elasticsearch rows ran on, or why they did not run, and judges none of them against the targets', () => {
    const ran = render(50_000, 16_000, [row('Elasticsearch: the Zipf mix from empty caches', 2000)]);
    expect(ran).toContain('holding 91,783 documents built by the indexer');
    expect(ran).not.toContain('- Elasticsearch: the Zipf mix');
    expect(render(50_000, 16_000, [], { skipped: 'no JDK' })).toContain('Elasticsearch rows: not run (no JDK).');
  });

  it('says what recording search analytics costs the steady Zipf mix, against the 5% target', () => {
    const body = render(50_000, 16_000, [
      row(ZIPF_STEADY_RECORDED, 19_200, 42),
      row(ZIPF_STEADY_UNRECORDED, 20_000, 40),
    ]);
    expect(body).toContain('recording costs 4.0% of requests/s (target at most 5%: met');
    expect(body).toContain("and 5.0% of the server's CPU per request (42 against 40 us: met).");
    const slower = render(50_000, 16_000, [
      row(ZIPF_STEADY_RECORDED, 18_000, 44),
      row(ZIPF_STEADY_UNRECORDED, 20_000, 40),
    ]);
    expect(slower).toContain('10.0% of requests/s (target at most 5%: not met');
    expect(slower).toContain("10.0% of the server's CPU per request (44 against 40 us: not met)");
    expect(render(50_000, 16_000, [row(ZIPF_STEADY, 18_000), row(ZIPF_STEADY_RECORDED, 18_000)])).not.toContain(
      'recording costs',
    );
  });

  it('takes the median of each figure over the windows of one configuration', () => {
    const median = medianRow('on', [
      row('on (window 1)', 1000, 40),
      { ...row('on (window 2)', 3000, 60), p99Ms: 7, serverSystemShare: 0.2 },
      { ...row('on (window 3)', 2500, 45), p99Ms: 9, serverSystemShare: 0.3 },
    ]);
    expect(median).toEqual({
      scenario: 'on',
      connections: 10,
      medianMs: 1,
      p99Ms: 7,
      rps: 2500,
      requests: 25_000,
      serverUs: 45,
      serverSystemShare: 0.2,
      clientBusy: 0.974,
    });
    // An even count: the mean of the middle two.
    expect(medianRow('x', [row('a', 1000, 40), row('b', 4000, 50), row('c', 2000, 70), row('d', 3000, 60)]).rps).toBe(
      2500,
    );
    expect(medianRow('x', [row('a', 1, 40), row('b', 1, null)]).serverUs).toBeNull();
    expect(medianRow('x', [row('a', 1, 40), row('b', 1, null)]).serverSystemShare).toBeNull();
  });

  it('says when writing the bytes alone is below the target', () => {
    expect(render(50_000, 10_000, [])).toContain('less than nothing beside');
  });
});
