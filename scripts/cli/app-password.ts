import type { Knex } from '../../shared/db/knex';
import { UnknownTenantError, createAppPassword } from '../../services/identity/app-passwords/create-app-password';
import {
  getAppPassword,
  listAppPasswords,
  revokeAppPassword,
  type AppPassword,
} from '../../services/identity/app-passwords/repository';
import { findTenantByCode } from '../../services/identity/app-passwords/tenant-users';
import { UsageError, type CliCommand, type CliIo } from './command';
import { parseCreateArgs, parseListArgs, parseRevokeArgs, type CreateArgs } from './app-password-args';
import { withDatabase } from './with-database';

const usage = `npm run cli -- app-password create --tenant CODE --user EMAIL --name NAME [--access read-only|read-write] [--permissions onboarding_company,payment_manage,price,quantity]
npm run cli -- app-password list --tenant CODE [--json]
npm run cli -- app-password revoke --id N`;

type Action = (db: Knex, io: CliIo) => Promise<number>;

/**
 * Parses an app-password subcommand (throwing UsageError) into the action to run on a database, so bad
 * arguments are refused before any database is provisioned.
 */
function planAppPassword(args: string[]): Action {
  const [sub, ...rest] = args;
  if (sub === 'create') return create(parseCreateArgs(rest));
  if (sub === 'list') return list(parseListArgs(rest));
  if (sub === 'revoke') return revoke(parseRevokeArgs(rest));
  throw new UsageError(sub ? `unknown subcommand '${sub}'` : 'missing subcommand');
}

/** Runs one app-password subcommand against `db`; returns the exit code. */
export async function runAppPassword(db: Knex, args: string[], io: CliIo): Promise<number> {
  return planAppPassword(args)(db, io);
}

const create =
  (input: CreateArgs): Action =>
  async (db, io) => {
    try {
      const { password, clientSecret } = await createAppPassword(db, {
        tenantCode: input.tenant,
        email: input.user,
        name: input.name,
        access: input.access,
        permissions: input.permissions,
      });
      io.out(
        `Created app password ${password.id} "${password.name}" for ${password.userEmail} in tenant ${input.tenant}.`,
      );
      io.out(`  access:        ${password.access}`);
      io.out(`  permissions:   ${password.permissions.join(', ') || '(none)'}`);
      io.out(`  client_id:     ${password.clientId}`);
      io.out(`  client_secret: ${clientSecret}`);
      io.out('The secret is shown only now and stored only as a hash: keep it in your secret store.');
      io.out('Exchange it for a bearer token at the identity provider (docs/auth.md).');
      return 0;
    } catch (err) {
      if (!(err instanceof UnknownTenantError)) throw err;
      io.err(`${err.message}: create the tenant first (npm run seed creates 'demo').`);
      return 1;
    }
  };

const list =
  ({ tenant: code, json }: { tenant: string; json: boolean }): Action =>
  async (db, io) => {
    const tenant = await findTenantByCode(db, code);
    if (!tenant) {
      io.err(`unknown tenant '${code}'`);
      return 1;
    }
    const passwords = await listAppPasswords(db, tenant.id);
    if (json) io.out(JSON.stringify(passwords, null, 2));
    else printTable(passwords, io);
    return 0;
  };

const revoke =
  ({ id }: { id: number }): Action =>
  async (db, io) => {
    const password = await getAppPassword(db, id);
    if (!password) {
      io.err(`no app password with id ${id}`);
      return 1;
    }
    if (!(await revokeAppPassword(db, id))) {
      io.out(`App password ${id} "${password.name}" was already revoked.`);
      return 0;
    }
    io.out(
      `Revoked app password ${id} "${password.name}" (${password.clientId}); tokens already issued expire on their own.`,
    );
    return 0;
  };

function printTable(passwords: AppPassword[], io: CliIo): void {
  if (!passwords.length) {
    io.out('No app passwords.');
    return;
  }
  const day = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') : '-');
  const rows = passwords.map((p) => [
    String(p.id),
    p.clientId,
    p.userEmail,
    p.name,
    p.access,
    p.permissions.join(',') || '-',
    day(p.createdAt),
    day(p.lastUsedAt),
    p.revokedAt ? `revoked ${day(p.revokedAt)}` : 'active',
  ]);
  const header = ['id', 'client_id', 'user', 'name', 'access', 'permissions', 'created', 'last used', 'status'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  for (const row of [header, ...rows])
    io.out(
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}

/** `npm run cli -- app-password ...`: the database is provisioned and migrated first. */
export const appPasswordCommand: CliCommand = {
  summary: 'create, list and revoke app passwords (machine credentials for the business API)',
  usage,
  run: async (args, io) => {
    const action = planAppPassword(args);
    return withDatabase((db) => action(db, io));
  },
};
