import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Creates `dir` and its missing parents with mode 0755 whatever the umask, since the `postgres` user has to pass
 * through them. Directories that already exist keep their mode: this never opens up anything it did not create.
 */
export async function ensureOpenDir(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true });
  if (!first) return;
  for (let current = dir; ; current = path.dirname(current)) {
    await chmod(current, 0o755);
    if (current === first || current === path.dirname(current)) return;
  }
}
