const RANGE = /^(-?\d+(?:\.\d+)?)?-(-?\d+(?:\.\d+)?)?$/;

export type RangeValue = { min: number | null; max: number | null };

/**
 * A range value of the listing grammar (rule 7), or null when it does not parse: "10-50"; either bound may be
 * empty ("10-", "-50" = at most 50); bounds may be negative ("-10--2", "-10-", "--2").
 */
export function parseRangeValue(value: string): RangeValue | null {
  const match = RANGE.exec(value.trim());
  if (match === null || (match[1] === undefined && match[2] === undefined)) return null;
  return {
    min: match[1] === undefined ? null : Number(match[1]),
    max: match[2] === undefined ? null : Number(match[2]),
  };
}

/** A lower bound above the upper one: such a range is ignored with a warning, never a 400. */
export const isInverted = (r: RangeValue): boolean => r.min !== null && r.max !== null && r.min > r.max;
