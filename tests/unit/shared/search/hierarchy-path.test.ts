import { HIERARCHY_SEPARATOR } from '../../../../shared/search/document';
import { parentPath, pathDepth } from '../../../../shared/search/hierarchy-path';

const path = (...parts: string[]) => parts.join(HIERARCHY_SEPARATOR);

describe('hierarchy paths', () => {
  it('gives a root depth 1 and no parent', () => {
    expect(pathDepth('shoes')).toBe(1);
    expect(parentPath('shoes')).toBeNull();
  });

  it('counts every level and cuts the last one for the parent', () => {
    expect(pathDepth(path('a', 'b', 'c'))).toBe(3);
    expect(parentPath(path('a', 'b', 'c'))).toBe(path('a', 'b'));
  });

  it('counts empty levels as levels, as splitting the path does', () => {
    expect(pathDepth('')).toBe(1);
    expect(pathDepth(path('a', '', 'b'))).toBe(3);
    expect(pathDepth(path('', 'a'))).toBe(2);
    expect(parentPath(path('', 'a'))).toBeNull();
  });

  it('caps the depth at 65,535, what the embedded engine stores', () => {
    expect(pathDepth(Array.from({ length: 70_000 }, () => 'x').join(HIERARCHY_SEPARATOR))).toBe(65_535);
  });
});
