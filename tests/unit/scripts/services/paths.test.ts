import path from 'node:path';
import { dataDir, postgresOptions, projectRoot } from '../../../../scripts/services/paths';

describe('services paths', () => {
  it('puts the data directory at DATA_DIR, resolved from the project, and treats an empty one as unset', () => {
    expect(dataDir({})).toBe(path.join(projectRoot, '.data'));
    expect(dataDir({ DATA_DIR: '' })).toBe(path.join(projectRoot, '.data'));
    expect(dataDir({ DATA_DIR: 'elsewhere' })).toBe(path.join(projectRoot, 'elsewhere'));
    expect(dataDir({ DATA_DIR: '/srv/data' })).toBe('/srv/data');
  });

  it('reads POSTGRES_BIN_DIR and AISLE_SYSTEM_DIR, defaulting to a search and /var/lib/aisle', () => {
    expect(postgresOptions({})).toEqual({ binDir: undefined, systemDir: '/var/lib/aisle' });
    expect(postgresOptions({ POSTGRES_BIN_DIR: '', AISLE_SYSTEM_DIR: '' })).toEqual({
      binDir: undefined,
      systemDir: '/var/lib/aisle',
    });
    expect(postgresOptions({ POSTGRES_BIN_DIR: '/opt/pg/bin', AISLE_SYSTEM_DIR: '/srv/aisle/' })).toEqual({
      binDir: '/opt/pg/bin',
      systemDir: '/srv/aisle',
    });
  });
});
