import cliProgress from 'cli-progress';
import type { Progress } from './generator/types';

/** A terminal progress bar fed with the seed's progress reports. */
export function createProgressBar(): { update: (progress: Progress) => void; stop: () => void } {
  const bar = new cliProgress.SingleBar(
    { format: 'Seeding [{bar}] {percentage}% | {phase} | {value}/{total} | {duration_formatted}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update: ({ phase, done, total }) => {
      if (!started) bar.start(total, 0, { phase });
      started = true;
      bar.update(done, { phase });
    },
    stop: () => {
      if (started) bar.stop();
      started = false;
    },
  };
}
