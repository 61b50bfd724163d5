import { isRoot, run, which } from './exec';

/** Where system packages put their programs (PATH may not list them, for example under sudo or in a service). */
export const SYSTEM_DIRS = ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/opt/homebrew/bin'];

/** True when this process may install Debian packages itself (root, with apt-get). */
export async function canAptInstall(): Promise<boolean> {
  return isRoot() && (await which('apt-get', SYSTEM_DIRS)) !== undefined;
}

/**
 * Installs Debian packages with apt-get (root only), without recommends. Waits up to two minutes for another
 * apt run's lock rather than failing at once.
 */
export async function aptInstall(packages: string[]): Promise<void> {
  const aptGet = await which('apt-get', SYSTEM_DIRS);
  if (!isRoot() || aptGet === undefined) throw new Error(`installing ${packages.join(' ')} needs root and apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const lock = ['-o', 'DPkg::Lock::Timeout=120'];
  await run(aptGet, [...lock, 'update', '-qq'], { env });
  await run(aptGet, [...lock, 'install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
}

/**
 * The program `binary`, installed from the Debian package `pkg` when it is missing and this process may
 * install packages; otherwise an error carrying `howToInstall`.
 */
export async function findOrInstall(
  binary: string,
  pkg: string,
  options: { howToInstall: string; takes: string },
): Promise<string> {
  const found = await which(binary, SYSTEM_DIRS);
  if (found) return found;
  if (!(await canAptInstall())) throw new Error(`${binary} is not installed. ${options.howToInstall}`);
  console.log(`${binary} is missing: installing ${pkg} with apt-get (${options.takes})...`);
  await aptInstall([pkg]);
  const installed = await which(binary, SYSTEM_DIRS);
  if (!installed) throw new Error(`apt-get installed ${pkg} but ${binary} is not on PATH`);
  return installed;
}
