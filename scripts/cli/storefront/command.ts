import { AliasActionError } from '../../../indexer/runs/alias-actions';
import { ConfigNotFoundError, ConfigValidationError } from '../../../shared/storefront-config/errors';
import { UsageError, type CliCommand, type CliIo } from '../command';
import { configGroups, diffAction } from './config-commands';
import { publishAction, reindexAction, rollbackAction, syncStatusAction, type ServiceAction } from './index-commands';
import { withCliServices } from './services';

const USAGE = {
  site:
    'site save --tenant T --code C --name N --ecom-site-id N [--dev-origins a,b]  (creates)  |  site save ' +
    '--tenant T --site S [--code C] [--name N] [--ecom-site-id N] [--dev-origins a,b]  (changes only what it ' +
    'names)  |  site list --tenant T  |  site remove --tenant T --site S',
  market:
    'market save --tenant T --site S --json ' +
    '\'{"code":"se","language":"sv","currency":"SEK","country":"SE","urlTemplate":"https://shop.example/{path}","priceListId":1,"isDefault":true}\' ' +
    ' |  market remove --tenant T --site S --code C',
  facet:
    'facet save --tenant T --site S --key K --definition \'{"source":{"kind":"brand"},"type":"list"}\'  |  facet remove --tenant T --site S --key K',
  collection:
    'collection save --tenant T --site S --json \'{"slugs":{"en":"sale"},"names":{"en":"Sale"},"filter":{"all":[]}}\'  |  collection remove --tenant T --site S --id N',
  rule: 'rule save --tenant T --site S --json \'{"query":"trainers","pin":[{"productId":"12","position":1}],"hide":["34"]}\'  |  rule remove --tenant T --site S --id N',
  synonyms:
    'synonyms save --tenant T --site S --language en --json \'[{"terms":["sneaker","trainer"]},{"from":"laptop","to":["notebook"]}]\'  |  synonyms show --tenant T --site S [--language en]',
  content:
    'content save --tenant T --site S --json ' +
    '\'{"shortDescription":{"attribute":"teaser"},"attributes":[{"key":"fabric","attribute":"material","label":{"en":"Fabric"}}]}\' ' +
    ' |  content show --tenant T --site S',
  key: 'key create --tenant T --site S --kind publishable|preview|secret [--label L]  |  key list --tenant T --site S  |  key revoke --tenant T --id N',
  publish: 'publish --tenant T --site S [--note "..."]',
  diff: 'diff --tenant T --site S [--results [--queries a,b] [--market M]]',
  reindex: 'reindex --tenant T --site S [--preview] [--wait]  |  reindex --tenant T --site S --confirm',
  rollback: 'rollback --tenant T --site S',
  'sync-status': 'sync-status --tenant T --site S [--limit N]',
} as const;

const SERVICE_ACTIONS: Record<string, ServiceAction> = {
  publish: publishAction,
  reindex: reindexAction,
  rollback: rollbackAction,
  'sync-status': syncStatusAction,
};

function serviceAction(name: string): ServiceAction {
  const action = SERVICE_ACTIONS[name];
  if (action === undefined) throw new Error(`storefront ${name} has no action`);
  return action;
}

/** Errors a user can act on are printed, not thrown: validation issues field by field. */
function report(err: unknown, io: CliIo): number {
  if (err instanceof ConfigValidationError) {
    io.err('invalid configuration, nothing was saved:');
    for (const issue of err.issues) io.err(`  ${issue.field}: ${issue.message}`);
    return 1;
  }
  if (err instanceof ConfigNotFoundError || err instanceof AliasActionError) {
    io.err(err.message);
    return 1;
  }
  throw err;
}

/** One storefront command (`site`, `market`, ..., `sync-status`), run against the database, Redis and the index queue. */
export function storefrontCommand(name: keyof typeof USAGE): CliCommand {
  return {
    summary: `storefront ${name}`,
    usage: `npm run cli -- ${USAGE[name]}`,
    run: async (args, io) => {
      const print = (value: unknown) => io.out(JSON.stringify(value, null, 2));
      const group = configGroups[name];
      const [sub = '', ...rest] = args;
      const groupAction = group?.[sub];
      if (group !== undefined && groupAction === undefined)
        throw new UsageError(sub ? `unknown subcommand '${sub}'` : 'missing subcommand');
      return withCliServices(async (services) => {
        try {
          if (groupAction !== undefined) await groupAction(services, rest, print);
          else if (name === 'diff') await diffAction(services, args, print);
          else await serviceAction(name)(services, args, print);
          return 0;
        } catch (err) {
          return report(err, io);
        }
      });
    },
  };
}

export const STOREFRONT_COMMANDS = Object.keys(USAGE) as (keyof typeof USAGE)[];
