import type { Logger } from './logger';

export type Closer = { name: string; close: () => Promise<unknown> | unknown };

/**
 * Runs the closers in order on SIGINT/SIGTERM (stop accepting first, then in-flight work, then clients),
 * and exits; past the timeout the exit is forced. Further signals while closing are ignored: under
 * `npm start` a Ctrl-C reaches a process both from the terminal and from the supervisor.
 */
export function onShutdown(closers: Closer[], logger: Logger, timeoutMs: number): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const shutdown = () => {
    closing ??= (async () => {
      for (const closer of closers) {
        try {
          await closer.close();
        } catch (err) {
          logger.error({ err, closer: closer.name }, 'error while closing');
        }
      }
    })();
    return closing;
  };
  const handle = (signal: NodeJS.Signals) => {
    if (closing !== undefined) return;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, timeoutMs).unref();
    void shutdown().then(() => process.exit(0));
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
  return shutdown;
}
