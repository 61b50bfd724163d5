import { AppError } from '../../../../shared/errors';

/**
 * Runs `work` within `limitMs`; past it the work's signal aborts and the answer is 503 `unavailable`
 * (rule 10). The abandoned work may still finish later (and fill a cache), but nobody waits for it.
 */
export async function withTimeLimit<T>(limitMs: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new AppError(503, 'unavailable', 'The order payments could not be read in time; retry later.'));
    }, limitMs);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
