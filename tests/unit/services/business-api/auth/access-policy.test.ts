import { accessDenial } from '../../../../../services/business-api/auth/access-policy';
import { hasPermission } from '../../../../../services/business-api/auth/require-permission';

const readOnly = { readOnly: true, canRead: true };
const readWrite = { readOnly: false, canRead: true };

describe('accessDenial', () => {
  it.each(['GET', 'HEAD', 'OPTIONS'])('lets a read-only token %s', (method) => {
    expect(accessDenial(readOnly, method, '/sales-orders')).toBeUndefined();
  });

  it.each([
    ['POST', '/sales-orders'],
    ['PATCH', '/sales-orders/1'],
    ['PUT', '/anything'],
    ['DELETE', '/sales-orders/1/lines/2'],
    ['PATCH', '/tenant-settings/company-profile'],
    ['POST', '/sales-invoice-lines/extra'],
    ['DELETE', '/sales-invoice-lines'],
  ])('refuses a read-only %s %s', (method, path) => {
    expect(accessDenial(readOnly, method, path)).toMatch(/read-only/);
  });

  it('lets a read-only token search POST /sales-invoice-lines, with or without a trailing slash', () => {
    expect(accessDenial(readOnly, 'POST', '/sales-invoice-lines')).toBeUndefined();
    expect(accessDenial(readOnly, 'POST', '/sales-invoice-lines/')).toBeUndefined();
    // The router ignores case, so the rule must too.
    expect(accessDenial(readOnly, 'POST', '/Sales-Invoice-Lines')).toBeUndefined();
    expect(accessDenial(readOnly, 'POST', '/SALES-INVOICE-LINES/')).toBeUndefined();
  });

  it('lets a read-write token write', () => {
    expect(accessDenial(readWrite, 'DELETE', '/sales-orders/1/lines/2')).toBeUndefined();
  });

  it('refuses everything to a token that grants neither read nor write', () => {
    expect(accessDenial({ readOnly: true, canRead: false }, 'GET', '/customers')).toBeDefined();
  });
});

describe('hasPermission', () => {
  it('is true only for a permission the token carries', () => {
    expect(hasPermission({ permissions: ['payment_manage'] }, 'payment_manage')).toBe(true);
    expect(hasPermission({ permissions: ['price'] }, 'payment_manage')).toBe(false);
  });
});
