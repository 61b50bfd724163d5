import { isValidName } from '../index-name';

/** True when the prefix can start a valid name (no wildcard, comma or upper case reaches the cluster). */
export function isValidPrefix(prefix: string): boolean {
  return prefix === '' || isValidName(prefix);
}
