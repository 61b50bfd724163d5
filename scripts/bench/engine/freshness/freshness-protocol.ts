/** Commands the serving side of the freshness bench sends to its indexer process, answered in order. */
export type WriterCommand =
  | {
      kind: 'start';
      documentsPath: string;
      languages: string[];
      snapshots: string;
      databaseUrl: string;
      alias: string;
      index: string;
    }
  | { kind: 'apply'; round: number; changed: number }
  | { kind: 'settle' };

/** The indexer process's messages: one answer per command, plus `published` after each persisted generation. */
export type WriterMessage =
  | { kind: 'ready'; documents: number }
  | { kind: 'applied'; round: number; refreshMs: number }
  | { kind: 'settled' }
  | { kind: 'published' }
  | { kind: 'failed'; error: string };
