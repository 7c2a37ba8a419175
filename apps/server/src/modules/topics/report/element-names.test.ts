import { Readable } from 'node:stream';
import { brotliCompressSync } from 'node:zlib';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { TopicsRepositories } from '../repositories.ts';
import type { ObjectStorage } from '../../storage/index.ts';
import { ElementIndex } from '../element-index.ts';

const metadata = {
  strings: ['IfcDoor', 'Door-01', 'IfcWall', '梁-B2'],
  elements: {
    count: 4,
    globalId: ['1hOSvn6df7F8_7GcBWlRGQ', '2O2Fr$t4X7Zf8NOew3FLOH', '3cUkl32yn9qRSPvBJVyWYp', ''],
    name: [1, -1, 3, 1],
    type: [0, 2, 2, 0],
  },
};

function storage(files: Record<string, unknown>): ObjectStorage {
  return {
    get: async (key: string) => {
      if (!(key in files)) throw new Error(`no ${key}`);
      return Readable.from([brotliCompressSync(Buffer.from(JSON.stringify(files[key])))]);
    },
  } as unknown as ObjectStorage;
}

function repos(models: { id: string; derived_prefix: string | null }[]): TopicsRepositories {
  return {
    topics: {
      bcf: {
        readyModels: async () =>
          models.map((m) => ({ ...m, name: m.id, metadata_hash: `h-${m.id}` })),
      },
    },
  } as unknown as TopicsRepositories;
}

/** An issue report's element names come from the models' stored metadata, by GlobalId. */
describe('ElementIndex.names', () => {
  const index = new ElementIndex(
    storage({ 'a/metadata.json.br': metadata }),
    pino({ level: 'silent' }),
  );

  it('names the wanted elements of the wanted models as "Name (Type)", else the type', async () => {
    const names = await index.names(
      repos([
        { id: 'a', derived_prefix: 'a/' },
        { id: 'broken', derived_prefix: 'missing/' },
      ]),
      'project',
      new Set(['a', 'broken']),
      new Set(['1hOSvn6df7F8_7GcBWlRGQ', '2O2Fr$t4X7Zf8NOew3FLOH', 'unknown']),
    );
    expect(Object.fromEntries(names)).toEqual({
      '1hOSvn6df7F8_7GcBWlRGQ': 'Door-01 (IfcDoor)',
      '2O2Fr$t4X7Zf8NOew3FLOH': 'IfcWall',
    });
  });

  it('reads no model the report does not cover', async () => {
    const names = await index.names(
      repos([{ id: 'a', derived_prefix: 'a/' }]),
      'project',
      new Set(['other']),
      new Set(['1hOSvn6df7F8_7GcBWlRGQ']),
    );
    expect(names.size).toBe(0);
  });
});
