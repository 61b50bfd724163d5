/** A listing or cart warning (spec "Warning"): `code`, plus what it is about. */
export interface Warning {
  code: string;
  facet?: string;
  value?: string;
  lineId?: string;
  detail?: string;
}
