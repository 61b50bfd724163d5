import { preferredOrFreePort } from '../services/free-port';

/** The port from `env[name]`, else `fallback` when it is free, else any free port. */
export async function choosePort(env: NodeJS.ProcessEnv, name: string, fallback: number): Promise<number> {
  const wanted = env[name];
  return wanted ? Number(wanted) : preferredOrFreePort(fallback);
}
