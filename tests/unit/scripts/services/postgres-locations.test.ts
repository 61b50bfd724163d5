import { createHash } from 'node:crypto';
import {
  binariesKey,
  clusterIn,
  externalClusterDir,
  homeIn,
  parsePointer,
  placeCluster,
  systemLayout,
} from '../../../../scripts/services/postgres-locations';

describe('postgres locations', () => {
  it('lays out <DATA_DIR>/postgres and a cluster directory', () => {
    expect(homeIn('/srv/shop/.data')).toEqual({
      root: '/srv/shop/.data/postgres',
      portFile: '/srv/shop/.data/postgres/port',
      pointerFile: '/srv/shop/.data/postgres/cluster-location',
      local: {
        dir: '/srv/shop/.data/postgres',
        data: '/srv/shop/.data/postgres/data',
        log: '/srv/shop/.data/postgres/server.log',
      },
    });
    expect(clusterIn('/var/lib/aisle/postgres/clusters/abc')).toEqual({
      dir: '/var/lib/aisle/postgres/clusters/abc',
      data: '/var/lib/aisle/postgres/clusters/abc/data',
      log: '/var/lib/aisle/postgres/clusters/abc/server.log',
    });
    expect(systemLayout('/var/lib/aisle')).toEqual({
      binaries: '/var/lib/aisle/postgres/binaries',
      clusters: '/var/lib/aisle/postgres/clusters',
    });
  });

  it('keys an external cluster by the first 16 hex digits of the SHA-256 of the real <DATA_DIR>/postgres', () => {
    const digest = createHash('sha256').update('/root/aisle/.data/postgres').digest('hex');
    expect(externalClusterDir('/var/lib/aisle', '/root/aisle/.data/postgres')).toBe(
      `/var/lib/aisle/postgres/clusters/${digest.slice(0, 16)}`,
    );
    expect(externalClusterDir('/var/lib/aisle', '/root/other/.data/postgres')).not.toBe(
      externalClusterDir('/var/lib/aisle', '/root/aisle/.data/postgres'),
    );
  });

  it('keys a copy of the binaries by version and the digest of the postgres binary', () => {
    expect(binariesKey('postgres (PostgreSQL) 17.10\n', 'a'.repeat(64))).toBe(`17.10-${'a'.repeat(12)}`);
    expect(binariesKey('postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)\n', '0123456789abcdef')).toBe(
      '15.18-0123456789ab',
    );
    expect(binariesKey('no version here', 'ffffffffffffffff')).toBe('unknown-ffffffffffff');
  });

  it('reads a pointer file only when it holds one absolute path', () => {
    expect(parsePointer('/var/lib/aisle/postgres/clusters/abc\n')).toBe('/var/lib/aisle/postgres/clusters/abc');
    expect(parsePointer('/var/lib/aisle/./postgres//clusters/abc/')).toBe('/var/lib/aisle/postgres/clusters/abc/');
    expect(parsePointer('')).toBeUndefined();
    expect(parsePointer('relative/dir')).toBeUndefined();
    expect(parsePointer('/a\n/b')).toBeUndefined();
  });

  it('keeps a cluster inside the checkout when reachable, else sends a new one out and refuses to move an old one', () => {
    expect(placeCluster({ localReachable: true, localExists: false })).toBe('local');
    expect(placeCluster({ localReachable: true, localExists: true })).toBe('local');
    expect(placeCluster({ localReachable: false, localExists: false })).toBe('external');
    expect(placeCluster({ localReachable: false, localExists: true })).toBe('unreachable');
  });
});
