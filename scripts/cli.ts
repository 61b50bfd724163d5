import { adminConsoleCommand } from './cli/admin-console';
import { analyticsCommand } from './cli/analytics';
import { appPasswordCommand } from './cli/app-password';
import { UsageError, type CliCommand, type CliIo } from './cli/command';
import { STOREFRONT_COMMANDS, storefrontCommand } from './cli/storefront/command';
import { runMain } from './run-main';

// `npm run cli -- <command> ...`: a small dispatcher; each command lives in scripts/cli/.
const commands: Record<string, CliCommand> = {
  'app-password': appPasswordCommand,
  analytics: analyticsCommand,
  'admin-console': adminConsoleCommand,
  ...Object.fromEntries(STOREFRONT_COMMANDS.map((name) => [name, storefrontCommand(name)])),
};

const io: CliIo = { out: (line) => console.log(line), err: (line) => console.error(line) };

function help(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(14)} ${c.summary}`);
  return ['usage: npm run cli -- <command> ...', '', 'commands:', ...lines].join('\n');
}

async function main([name, ...args]: string[]): Promise<number> {
  const command = name ? commands[name] : undefined;
  if (!command) {
    const unknown = Boolean(name) && name !== 'help' && name !== '--help';
    io.err(unknown ? `unknown command '${name}'\n\n${help()}` : help());
    return unknown ? 2 : 0;
  }
  try {
    return await command.run(args, io);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`${err.message}\n\nusage:\n${command.usage}`);
    return 2;
  }
}

runMain(() => main(process.argv.slice(2)));
