import { ReportRequestError, resolveRequest } from '../../../../shared/search-analytics/report-request';

const TODAY = '2026-03-02';

describe('resolveRequest', () => {
  it('defaults to the seven days up to today and a limit of 20, across a month end', () => {
    expect(resolveRequest({ report: 'top-queries' }, TODAY)).toEqual({
      report: 'top-queries',
      from: '2026-02-24',
      to: '2026-03-02',
      market: null,
      limit: 20,
    });
  });

  it('counts the leap day in a leap year', () => {
    expect(resolveRequest({ report: 'top-filters', to: '2024-03-02' }, TODAY).from).toBe('2024-02-25');
    expect(resolveRequest({ report: 'top-filters', from: '2024-02-29', to: '2024-02-29' }, TODAY)).toMatchObject({
      from: '2024-02-29',
      to: '2024-02-29',
    });
  });

  it('keeps the given market and limit', () => {
    expect(resolveRequest({ report: 'suggest-queries', market: 'se_b2b', limit: 100 }, TODAY)).toMatchObject({
      market: 'se_b2b',
      limit: 100,
    });
  });

  it('starts a default range no earlier than 2000-01-01', () => {
    expect(resolveRequest({ report: 'top-queries', to: '2000-01-03' }, TODAY)).toMatchObject({
      from: '2000-01-01',
      to: '2000-01-03',
    });
  });

  it.each([
    [{ report: 'top-queries', from: '2023-02-29' }, /from: must be a calendar date/],
    [{ report: 'top-queries', from: '1999-12-31' }, /from 2000-01-01 on/],
    [{ report: 'top-queries', limit: '20' }, /limit:/],
    [{ report: 'top-queries', from: '2025-01-01', to: '2026-01-02' }, /367 days/],
    [{ report: 'top-queries', from: '2026-03-03' }, /after to \(2026-03-02, today by default\)/],
    [{}, /report:/],
    [null, /request:/],
  ])('refuses %j', (request, message) => {
    expect(() => resolveRequest(request, TODAY)).toThrow(ReportRequestError);
    expect(() => resolveRequest(request, TODAY)).toThrow(message);
  });
});
