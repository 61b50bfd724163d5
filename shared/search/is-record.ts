/** True for a plain object (not null, not an array): the shape guard of every untyped read in the engines. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
