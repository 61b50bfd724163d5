/** The host names that reach this machine's loopback interface as URLs and Host headers spell them. */
export const LOOPBACK_HOST_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);
