import { parseArgs } from 'node:util';
import type { Knex } from '../../shared/db/knex';
import {
  ADMIN_CONSOLE_CLIENT_ID,
  consoleClient,
  consoleRedirectUri,
} from '../../services/admin-console/console-client';
import { normalRedirectUri, saveClient } from '../../services/identity/oauth/clients';
import { UsageError, type CliCommand, type CliIo } from './command';
import { withDatabase } from './with-database';

const usage = `npm run cli -- admin-console register --origin https://admin.shop.example [--origin ...]`;

/**
 * The origins the console is served from, each checked as the identity provider checks a redirect URI (https, or
 * http on loopback): a bare origin, so its /callback is the only page the code is sent to.
 */
function originsOf(args: string[]): string[] {
  let origins: string[];
  try {
    origins =
      parseArgs({ args, options: { origin: { type: 'string', multiple: true } }, strict: true }).values.origin ?? [];
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (origins.length === 0) throw new UsageError('give at least one --origin');
  for (const origin of origins) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // refused below
    }
    if (parsed === null || parsed.origin !== origin || normalRedirectUri(consoleRedirectUri(origin)) === null) {
      throw new UsageError(
        `--origin ${JSON.stringify(origin)} is not an origin the console can sign in from: https://host[:port], or http on 127.0.0.1 or localhost, with no path`,
      );
    }
  }
  return origins;
}

/** Registers (or re-registers) the console's client at the built-in identity provider for `origins`. */
export async function registerConsole(db: Knex, args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'register') throw new UsageError(sub ? `unknown subcommand '${sub}'` : 'missing subcommand');
  const client = consoleClient(originsOf(rest));
  await saveClient(db, client);
  io.out(`Registered the admin console (client ${client.clientId}) to sign in from: ${client.redirectUris.join(' ')}`);
  io.out(
    `Serve it with BUSINESS_API_URL and IDENTITY_ISSUER set (ADMIN_CONSOLE_CLIENT_ID unset: ${ADMIN_CONSOLE_CLIENT_ID}), and allow the same origins`,
  );
  io.out('on business-api (API_ALLOWED_ORIGINS) and on the identity provider (IDENTITY_ALLOWED_ORIGINS).');
  return 0;
}

/** `npm run cli -- admin-console register --origin ...`: for a console served anywhere but `npm start`'s address. */
export const adminConsoleCommand: CliCommand = {
  summary: 'register the web console at the identity provider for the origins it is served from',
  usage,
  run: async (args, io) => {
    originsOf(args.slice(1));
    return withDatabase((db) => registerConsole(db, args, io));
  },
};
