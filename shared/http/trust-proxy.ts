import { isIP } from 'node:net';
import { z } from 'zod';

/** express's `trust proxy`: off, a number of proxy hops in front, or the proxies' addresses and subnets. */
export type TrustProxy = false | number | string[];

// express's names for well-known ranges: 127.0.0.0/8 and ::1, 169.254.0.0/16 and fe80::/10, private ranges.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether `entry` is an IP address, a CIDR subnet or one of express's range names. */
function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY. Unset, empty or `false`: trust no proxy (the address is the socket's). A whole number: that
 * many proxy hops. Otherwise a comma-separated list of proxy addresses, subnets or range names. `true` is refused:
 * it takes the left-most X-Forwarded-For entry, which any client can write, so every address budget could be dodged.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | Error {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true')
    return new Error(
      '`true` would trust any client-written X-Forwarded-For; give the number of proxies or their addresses',
    );
  if (/^[0-9]+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyEntry(entry));
  if (bad.length) return new Error(`not an address, subnet, loopback, linklocal or uniquelocal: ${bad.join(', ')}`);
  return entries;
}

/** The TRUST_PROXY variable as a config schema field. */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const parsed = parseTrustProxy(raw);
    if (!(parsed instanceof Error)) return parsed;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });
