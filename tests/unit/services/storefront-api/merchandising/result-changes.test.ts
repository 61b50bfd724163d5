import { compareResults, type ResultItem } from '../../../../../services/storefront-api/merchandising/result-changes';

const item = (id: string): ResultItem => ({ id, name: `Product ${id}` });
const items = (...ids: string[]) => ids.map(item);

describe('compareResults', () => {
  it('reports no change for the same list', () => {
    expect(compareResults('boots', items('1', '2', '3'), items('1', '2', '3'))).toEqual({
      query: 'boots',
      changed: false,
      live: items('1', '2', '3'),
      draft: items('1', '2', '3'),
      entered: [],
      left: [],
      moved: [],
    });
  });

  it('reports no change for two empty lists', () => {
    expect(compareResults('nothing', [], [])).toMatchObject({ changed: false, entered: [], left: [], moved: [] });
  });

  it('lists products only in the draft as entered, at their draft positions', () => {
    const change = compareResults('boots', items('1', '2'), items('1', '2', '7', '8'));
    expect(change.entered).toEqual([
      { ...item('7'), position: 3 },
      { ...item('8'), position: 4 },
    ]);
    expect(change).toMatchObject({ changed: true, left: [], moved: [] });
  });

  it('lists products only in the live list as left, at their live positions', () => {
    const change = compareResults('boots', items('1', '5', '2', '6'), items('1', '2'));
    expect(change.left).toEqual([
      { ...item('5'), position: 2 },
      { ...item('6'), position: 4 },
    ]);
    // "2" is at 3 live and at 2 in the draft: it moved up because "5" left.
    expect(change.moved).toEqual([{ ...item('2'), from: 3, to: 2 }]);
    expect(change).toMatchObject({ changed: true, entered: [] });
  });

  it('lists products in both at other positions as moved, in draft order, with 1-based from and to', () => {
    const change = compareResults('boots', items('1', '2', '3', '4'), items('3', '2', '1', '4'));
    expect(change.moved).toEqual([
      { ...item('3'), from: 3, to: 1 },
      { ...item('1'), from: 1, to: 3 },
    ]);
    expect(change).toMatchObject({ changed: true, entered: [], left: [] });
  });

  it('reports an entered product pushing others down as entered and moved', () => {
    const change = compareResults('boots', items('1', '2'), items('9', '1', '2'));
    expect(change.entered).toEqual([{ ...item('9'), position: 1 }]);
    expect(change.moved).toEqual([
      { ...item('1'), from: 1, to: 2 },
      { ...item('2'), from: 2, to: 3 },
    ]);
    expect(change.left).toEqual([]);
  });

  it("compares by id and reports the draft's name for a moved product", () => {
    const change = compareResults(
      'boots',
      [{ id: '1', name: 'Old' }, item('2')],
      [item('2'), { id: '1', name: 'New' }],
    );
    expect(change.moved).toEqual([
      { ...item('2'), from: 2, to: 1 },
      { id: '1', name: 'New', from: 1, to: 2 },
    ]);
    expect(change.entered).toEqual([]);
    expect(change.left).toEqual([]);
  });

  it('reports everything entered or left when one side is empty', () => {
    expect(compareResults('q', [], items('1'))).toMatchObject({
      changed: true,
      entered: [{ ...item('1'), position: 1 }],
      left: [],
    });
    expect(compareResults('q', items('1'), [])).toMatchObject({
      changed: true,
      entered: [],
      left: [{ ...item('1'), position: 1 }],
    });
  });

  it('copies the lists it was given', () => {
    const live = items('1');
    const draft = items('2');
    const change = compareResults('q', live, draft);
    expect(change.live).toEqual(live);
    expect(change.live).not.toBe(live);
    expect(change.draft).toEqual(draft);
    expect(change.draft).not.toBe(draft);
  });
});
