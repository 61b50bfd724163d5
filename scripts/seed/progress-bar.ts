import cliProgress from 'cli-progress';
import type { Progress } from './generator/types';

/**
 * Runs `fn` with a terminal progress bar fed by the seed's progress reports (the bar appears with the first
 * report); the bar is stopped however `fn` ends.
 */
export async function withProgressBar<T>(fn: (onProgress: (progress: Progress) => void) => Promise<T>): Promise<T> {
  const bar = new cliProgress.SingleBar(
    { format: 'Seeding [{bar}] {percentage}% | {phase} | {value}/{total} | {duration_formatted}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const onProgress = ({ phase, done, total }: Progress) => {
    if (!started) bar.start(total, 0, { phase });
    started = true;
    bar.update(done, { phase });
  };
  try {
    return await fn(onProgress);
  } finally {
    if (started) bar.stop();
  }
}
