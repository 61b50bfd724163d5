/** Index names the port accepts (and the only ones Elasticsearch wildcards cannot sneak through). */
export const INDEX_NAME = /^[a-z0-9][a-z0-9._-]*$/;

/** True when the name is a valid index or alias name for this adapter. */
export function isValidName(name: string): boolean {
  return INDEX_NAME.test(name);
}

/** True when the prefix can start a valid name (no wildcard, comma or upper case reaches the cluster). */
export function isValidPrefix(prefix: string): boolean {
  return prefix === '' || isValidName(prefix);
}
