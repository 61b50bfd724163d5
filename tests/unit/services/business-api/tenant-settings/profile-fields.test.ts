import { EMPTY_PROFILE } from '../../../../../services/business-api/tenant-settings/profile-store';
import { groupChanges, normalizeField } from '../../../../../services/business-api/tenant-settings/profile-fields';

describe('normalizeField', () => {
  it.each<[Parameters<typeof normalizeField>[0], string, string | null]>([
    ['city', '  Lund ', 'Lund'],
    ['city', '', null],
    ['street2', '   ', null],
    ['countryCode', 'se', 'SE'],
    ['defaultCurrencyCode', 'eur', 'EUR'],
    ['defaultLanguage', 'EN-GB', 'en-gb'],
    ['iban', 'se45 5000 0000 0583 9825 7466', 'SE4550000000058398257466'],
    ['bic', 'ndeasess', 'NDEASESS'],
    ['email', 'a@b.se', 'a@b.se'],
    ['website', 'https://x.example', 'https://x.example'],
    ['email', '', null],
  ])('stores %s %j as %j', (field, raw, value) => {
    expect(normalizeField(field, raw)).toEqual({ ok: true, value });
  });

  it.each<[Parameters<typeof normalizeField>[0], string]>([
    ['name', ''],
    ['name', '  '],
    ['email', 'a@b'],
    ['countryCode', 'SWE'],
    ['defaultCurrencyCode', 'EU'],
    ['website', 'x.example'],
    ['phone', 'call me'],
    ['iban', 'SE45'],
    ['bic', 'NDEA'],
    ['city', 'x'.repeat(201)],
  ])('refuses %s %j, naming the field', (field, raw) => {
    const result = normalizeField(field, raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(field);
  });
});

describe('groupChanges', () => {
  const before = { ...EMPTY_PROFILE, name: 'A', city: 'Lund', email: 'a@b.se' };

  it('sorts sent fields into changed, already correct and not saved, in field order', () => {
    const wanted = { city: 'Malmö', email: 'a@b.se', phone: '+46 1' };
    const after = { ...before, city: 'Malmö' };
    expect(groupChanges(wanted, before, after)).toEqual({
      changed: ['city'],
      alreadyCorrect: ['email'],
      notSaved: ['phone'],
    });
  });

  it('counts a cleared field as changed once it reads back null', () => {
    expect(groupChanges({ city: null }, before, { ...before, city: null })).toEqual({
      changed: ['city'],
      alreadyCorrect: [],
      notSaved: [],
    });
  });

  it('lists nothing when nothing was sent', () => {
    expect(groupChanges({}, before, before)).toEqual({ changed: [], alreadyCorrect: [], notSaved: [] });
  });
});
