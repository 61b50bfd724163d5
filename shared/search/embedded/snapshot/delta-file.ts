import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const DELTA = 'delta.json';

/** What a delta generation adds to its base: which base ordinals it removed, and the surfaces they held. */
export interface DeltaRecord {
  base: number;
  removed: number[];
  loss: Map<string, Map<number, number>>;
}

interface DeltaJson {
  base: number;
  removed: number[];
  loss: Record<string, [number, number][]>;
}

export async function writeDeltaFile(dir: string, record: DeltaRecord): Promise<void> {
  const json: DeltaJson = {
    base: record.base,
    removed: [...record.removed].sort((a, b) => a - b),
    loss: Object.fromEntries([...record.loss].map(([lang, lost]) => [lang, [...lost]])),
  };
  await writeFile(join(dir, DELTA), JSON.stringify(json));
}

export async function readDeltaFile(dir: string): Promise<DeltaRecord> {
  const json = JSON.parse(await readFile(join(dir, DELTA), 'utf8')) as DeltaJson;
  return {
    base: json.base,
    removed: json.removed,
    loss: new Map(Object.entries(json.loss).map(([lang, lost]) => [lang, new Map(lost)])),
  };
}
