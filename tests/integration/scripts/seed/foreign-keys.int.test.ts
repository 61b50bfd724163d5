import { assertForeignKeys, skipRowTriggers } from '../../../../scripts/seed/foreign-keys';
import { createTestDb, type TestDb } from '../../../support/test-db';

describe('set-wise foreign key check of a bulk load', () => {
  let t: TestDb;
  let tenantId: number;
  beforeAll(async () => {
    t = await createTestDb();
    [{ id: tenantId }] = await t
      .db('tenants')
      .insert({ code: 'fk', name: 'FK' })
      .returning<Array<{ id: number }>>('id');
  });
  afterAll(() => t.drop());

  it('skips per-row checks for a superuser, then names the keys the loaded rows break', async () => {
    await t.db
      .transaction(async (trx) => {
        expect(await skipRowTriggers(trx)).toBe(true);
        await trx('currencies').insert({ tenant_id: tenantId, id: 1, code: 'SEK', name: 'Krona' });
        await trx('customers').insert({
          tenant_id: tenantId,
          id: 1,
          contact_number: 1,
          name: 'A',
          currency_code: 'SEK',
        });
        await expect(assertForeignKeys(trx, tenantId, ['customers', 'currencies'])).resolves.toBeUndefined();
        // Accepted without per-row checks: a customer on a payment term that does not exist.
        await trx('customers').insert({
          tenant_id: tenantId,
          id: 2,
          contact_number: 2,
          name: 'B',
          payment_term_id: 99,
        });
        await expect(assertForeignKeys(trx, tenantId, ['customers'])).rejects.toThrow(
          'customers_tenant_id_payment_term_id_foreign',
        );
        throw new Error('rollback');
      })
      .catch((err: Error) => expect(err.message).toBe('rollback'));
  });

  it('leaves rows with a null key column alone, as MATCH SIMPLE does', async () => {
    await t.db
      .transaction(async (trx) => {
        await skipRowTriggers(trx);
        await trx('customers').insert({
          tenant_id: tenantId,
          id: 3,
          contact_number: 3,
          name: 'C',
          payment_term_id: null,
        });
        await expect(assertForeignKeys(trx, tenantId, ['customers'])).resolves.toBeUndefined();
        throw new Error('rollback');
      })
      .catch((err: Error) => expect(err.message).toBe('rollback'));
  });
});
