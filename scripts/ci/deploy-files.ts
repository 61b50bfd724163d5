import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { projectRoot } from '../services/paths';

// The Dockerfile and docker-compose.yml as data, for the test that parses their environments through the
// processes' config schemas and for the Node 24 smoke, which runs the same `node dist/...` commands.

const composeValue = z.union([z.string(), z.number(), z.boolean()]).transform(String);

const composeServiceSchema = z.object({
  build: z.unknown().optional(),
  image: z.string().optional(),
  command: z.array(z.string()).optional(),
  ports: z.array(z.string()).default([]),
  // Compose's map form only: the list form (`- KEY=value`) is not used in this file.
  environment: z.record(z.string(), composeValue).default({}),
});
export type ComposeService = z.infer<typeof composeServiceSchema>;

const composeFileSchema = z.object({ services: z.record(z.string(), composeServiceSchema) });

/** docker-compose.yml's services, with `<<:` merge keys applied as Compose applies them. */
export function composeServices(file = path.join(projectRoot, 'docker-compose.yml')): Record<string, ComposeService> {
  return composeFileSchema.parse(parse(readFileSync(file, 'utf8'), { merge: true })).services;
}

/** The services built from this repository's Dockerfile (the Aisle processes), as opposed to stock images. */
export function aisleServices(services: Record<string, ComposeService>): [string, ComposeService][] {
  return Object.entries(services).filter(([, service]) => service.build !== undefined);
}

export type ImageStage = { env: Record<string, string>; cmd: string[] };

/**
 * The Dockerfile's last stage (the image that runs): its `ENV KEY=value ...` variables and its exec-form `CMD`.
 * Only the forms this Dockerfile uses are read; anything else throws rather than being misread.
 */
export function runtimeStage(file = path.join(projectRoot, 'Dockerfile')): ImageStage {
  const lines = readFileSync(file, 'utf8').split('\n');
  const lastFrom = lines.findLastIndex((line) => /^FROM\s/i.test(line));
  const stage: ImageStage = { env: {}, cmd: [] };
  for (const line of lines.slice(lastFrom + 1)) {
    const [instruction, rest = ''] = line.trim().split(/\s+(.*)/s);
    if (instruction?.toUpperCase() === 'ENV') {
      for (const pair of rest.trim().split(/\s+/)) {
        const match = /^([A-Za-z_][A-Za-z0-9_]*)=([^"'\s]*)$/.exec(pair);
        if (!match?.[1]) throw new Error(`Dockerfile: cannot read ENV ${pair}`);
        stage.env[match[1]] = match[2] ?? '';
      }
    } else if (instruction?.toUpperCase() === 'CMD') {
      stage.cmd = z.array(z.string()).parse(JSON.parse(rest));
    }
  }
  return stage;
}

/**
 * The compiled entry a `node dist/...` command runs (`dist/indexer/main.js`), or undefined for any other command.
 * Its source is the same path without dist/ and with .ts.
 */
export function compiledEntryOf(command: readonly string[] | undefined): string | undefined {
  const [binary, entry] = command ?? [];
  return binary === 'node' && entry?.startsWith('dist/') && entry.endsWith('.js') ? entry : undefined;
}

export const sourceOf = (compiled: string): string => compiled.replace(/^dist\//, '').replace(/\.js$/, '.ts');
