export const DAY_MS = 86_400_000;

/** ISO 8601 timestamp (UTC) of epoch milliseconds. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** ISO 8601 date (UTC) of epoch milliseconds. */
export const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Midnight UTC of the given instant. */
export const startOfDayUtc = (date: Date): number => Math.floor(date.getTime() / DAY_MS) * DAY_MS;
