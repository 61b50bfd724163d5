/**
 * The company profile's fields as the API names them, with their columns and rules. Pure: no database here.
 * `name` is required (it cannot be cleared); every other field may be cleared with an empty string.
 */
export const PROFILE_FIELDS = {
  name: 'name',
  legalName: 'legal_name',
  orgno: 'orgno',
  vatNumber: 'vat_number',
  street: 'street',
  street2: 'street2',
  postalCode: 'postal_code',
  city: 'city',
  region: 'region',
  countryCode: 'country_code',
  email: 'email',
  phone: 'phone',
  website: 'website',
  bankName: 'bank_name',
  bankAccount: 'bank_account',
  iban: 'iban',
  bic: 'bic',
  bankgiro: 'bankgiro',
  plusgiro: 'plusgiro',
  defaultLanguage: 'default_language',
  defaultCurrencyCode: 'default_currency_code',
} as const;

export type ProfileField = keyof typeof PROFILE_FIELDS;
export type ProfileColumn = (typeof PROFILE_FIELDS)[ProfileField];
export const PROFILE_FIELD_NAMES = Object.keys(PROFILE_FIELDS) as ProfileField[];

/** A stored profile by API field name; null is an empty field. */
export type ProfileValues = Record<ProfileField, string | null>;

const MAX_LENGTH = 200;

type Rule = { normalize?: (value: string) => string; valid: (value: string) => boolean; message: string };

const RULES: Partial<Record<ProfileField, Rule>> = {
  email: { valid: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), message: 'is not a valid e-mail address' },
  countryCode: {
    normalize: (v) => v.toUpperCase(),
    valid: (v) => /^[A-Z]{2}$/.test(v),
    message: 'must be an ISO 3166-1 alpha-2 country code',
  },
  defaultCurrencyCode: {
    normalize: (v) => v.toUpperCase(),
    valid: (v) => /^[A-Z]{3}$/.test(v),
    message: 'must be an ISO 4217 currency code',
  },
  defaultLanguage: {
    normalize: (v) => v.toLowerCase(),
    valid: (v) => /^[a-z]{2,3}(-[a-z]{2})?$/.test(v),
    message: 'must be a language code such as sv or en-gb',
  },
  website: { valid: isWebAddress, message: 'must be an http or https address' },
  phone: { valid: (v) => /^\+?[0-9 ()-]{3,30}$/.test(v), message: 'is not a valid phone number' },
  iban: {
    normalize: (v) => v.replace(/\s+/g, '').toUpperCase(),
    valid: (v) => /^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/.test(v),
    message: 'is not a valid IBAN',
  },
  bic: {
    normalize: (v) => v.toUpperCase(),
    valid: (v) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v),
    message: 'is not a valid BIC',
  },
};

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export type FieldResult = { ok: true; value: string | null } | { ok: false; message: string };

/** What a sent value stores: trimmed and normalised; an empty (or blank) string clears the field. */
export function normalizeField(field: ProfileField, raw: string): FieldResult {
  const value = raw.trim();
  if (value === '')
    return field === 'name' ? { ok: false, message: 'name cannot be empty' } : { ok: true, value: null };
  if (value.length > MAX_LENGTH) return { ok: false, message: `${field} must be at most ${MAX_LENGTH} characters` };
  const rule = RULES[field];
  if (!rule) return { ok: true, value };
  const normalized = rule.normalize ? rule.normalize(value) : value;
  return rule.valid(normalized) ? { ok: true, value: normalized } : { ok: false, message: `${field} ${rule.message}` };
}

/** The three groups of the spec's change result, each listing API field names. */
export type ChangeGroups = { changed: ProfileField[]; alreadyCorrect: ProfileField[]; notSaved: string[] };

/**
 * Sorts the wanted values against the profile before and after a write: a field holding its wanted value was
 * changed (or already correct, when it held it before); one that does not was not saved.
 */
export function groupChanges(
  wanted: Partial<ProfileValues>,
  before: ProfileValues,
  after: ProfileValues,
): ChangeGroups {
  const groups: ChangeGroups = { changed: [], alreadyCorrect: [], notSaved: [] };
  for (const field of PROFILE_FIELD_NAMES) {
    const value = wanted[field];
    if (value === undefined) continue;
    if (after[field] !== value) groups.notSaved.push(field);
    else if (before[field] === value) groups.alreadyCorrect.push(field);
    else groups.changed.push(field);
  }
  return groups;
}
