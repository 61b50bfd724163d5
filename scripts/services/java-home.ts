import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isExecutable } from './exec';

/** Where Debian (and most Linux distributions) install JDKs side by side. */
export const JVM_DIR = '/usr/lib/jvm';

export type Jdk = { home: string; major: number };

/** The feature version of a JDK's `release` file (`JAVA_VERSION="25.0.1"` -> 25; `"1.8.0_402"` -> 8), or null. Pure. */
export function javaMajor(releaseText: string): number | null {
  const version = /^JAVA_VERSION="([^"]+)"/m.exec(releaseText)?.[1];
  if (version === undefined) return null;
  const [first, second] = version.split(/[.+_-]/).map(Number);
  const major = first === 1 ? second : first;
  return Number.isInteger(major) ? (major as number) : null;
}

/** The JDK at `home` when it has java, javac and jar, else null. */
async function readJdk(home: string): Promise<Jdk | null> {
  const major = javaMajor(await readFile(path.join(home, 'release'), 'utf8').catch(() => ''));
  if (major === null) return null;
  for (const tool of ['java', 'javac', 'jar']) if (!(await isExecutable(path.join(home, 'bin', tool)))) return null;
  return { home, major };
}

/**
 * The newest full JDK (java, javac, jar) of at least `minMajor`: ES_JAVA_HOME when set (and only it), else the
 * newest of JAVA_HOME and the JDKs under /usr/lib/jvm. Undefined when there is none.
 */
export async function findJdk(minMajor: number, env: NodeJS.ProcessEnv = process.env): Promise<Jdk | undefined> {
  if (env.ES_JAVA_HOME) {
    const jdk = await readJdk(env.ES_JAVA_HOME);
    return jdk && jdk.major >= minMajor ? jdk : undefined;
  }
  const installed = await readdir(JVM_DIR).catch(() => [] as string[]);
  const homes = [...(env.JAVA_HOME ? [env.JAVA_HOME] : []), ...installed.map((name) => path.join(JVM_DIR, name))];
  const jdks = (await Promise.all(homes.map(readJdk))).filter(
    (jdk): jdk is Jdk => jdk !== null && jdk.major >= minMajor,
  );
  return jdks.sort((a, b) => b.major - a.major)[0];
}
