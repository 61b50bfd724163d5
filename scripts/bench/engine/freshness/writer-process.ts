import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { WriterCommand, WriterMessage } from './freshness-protocol';

type Answer = Exclude<WriterMessage, { kind: 'published' | 'failed' }>;

/**
 * The freshness bench's indexer process (freshness-writer.ts), driven over IPC. Commands are answered in the
 * order they were sent; `onPublished` hears each generation the indexer persisted, as a Redis subscriber would.
 */
export class WriterProcess {
  private readonly child: ChildProcess;
  private readonly waiting: { resolve: (answer: Answer) => void; reject: (error: Error) => void }[] = [];
  private readonly exited: Promise<void>;

  constructor(onPublished: () => void) {
    // Its own heap, as the indexer's in production; tsx as in the parent, so it runs the TypeScript source.
    this.child = fork(join(__dirname, 'freshness-writer.ts'), [], {
      execArgv: ['--import', 'tsx', '--max-old-space-size=4096'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: WriterMessage) => {
      if (message.kind === 'published') onPublished();
      else if (message.kind === 'failed')
        this.waiting.shift()?.reject(new Error(`freshness indexer: ${message.error}`));
      else this.waiting.shift()?.resolve(message);
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code) => {
        for (const waiter of this.waiting.splice(0))
          waiter.reject(new Error(`freshness indexer exited (${code ?? 'signal'})`));
        resolve();
      });
    });
  }

  async start(command: Extract<WriterCommand, { kind: 'start' }>): Promise<number> {
    const answer = await this.call(command);
    if (answer.kind !== 'ready') throw new Error(`unexpected answer ${answer.kind}`);
    return answer.documents;
  }

  /** Applies a round (bulk + refresh) in the indexer; resolves with its bulk + refresh time. */
  async apply(round: number, changed: number): Promise<number> {
    const answer = await this.call({ kind: 'apply', round, changed });
    if (answer.kind !== 'applied') throw new Error(`unexpected answer ${answer.kind}`);
    return answer.refreshMs;
  }

  /** Resolves once a background merge the rounds started is persisted (and announced). */
  async settle(): Promise<void> {
    await this.call({ kind: 'settle' });
  }

  /** Lets the indexer finish its queue and exit. */
  async close(): Promise<void> {
    if (this.child.connected) this.child.disconnect();
    await this.exited;
  }

  private call(command: WriterCommand): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.send(command);
    });
  }
}
