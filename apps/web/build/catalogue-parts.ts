import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** `import('virtual:truss-texts/<locale>-<part>')`: one part of one language's texts. */
export const TEXTS_PREFIX = 'virtual:truss-texts/';

export interface CatalogueParts {
  /** Where `<locale>.json` lives. */
  dir: string;
  /** Part name -> the catalogue's top-level keys it holds. */
  parts: Record<string, readonly string[]>;
  /** The part that holds every top-level key no other part lists (new keys land there). */
  rest: string;
}

/** The part of `texts` named `part`: its listed keys, or for `rest` every key no part lists. */
export function pickPart(
  texts: Record<string, unknown>,
  { parts, rest }: Pick<CatalogueParts, 'parts' | 'rest'>,
  part: string,
): Record<string, unknown> {
  const listed = new Set(Object.values(parts).flat());
  const keep =
    part === rest
      ? (key: string) => !listed.has(key)
      : (key: string) => !!parts[part]?.includes(key);
  if (part !== rest && !parts[part]) throw new Error(`catalogue-parts: no part named ${part}`);
  return Object.fromEntries(Object.entries(texts).filter(([key]) => keep(key)));
}

/**
 * The locale files stay whole on disk (one en.json, one zh-CN.json, where everyone adds keys);
 * the build serves them in parts by top-level key, so a page loads only the texts of the parts it
 * asks for (lib/catalogue.ts). Each part is a module of its own, parsed with `JSON.parse` (faster
 * than a literal of that size).
 */
export function catalogueParts(options: CatalogueParts): Plugin {
  const resolvedPrefix = `\0${TEXTS_PREFIX}`;
  const names = [...Object.keys(options.parts), options.rest];
  return {
    name: 'truss-catalogue-parts',
    resolveId(id) {
      return id.startsWith(TEXTS_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(resolvedPrefix)) return undefined;
      const name = id.slice(resolvedPrefix.length);
      const part = names.find((candidate) => name.endsWith(`-${candidate}`));
      if (!part) throw new Error(`catalogue-parts: ${name} names no part (${names.join(', ')})`);
      const file = path.join(options.dir, `${name.slice(0, -part.length - 1)}.json`);
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const json = JSON.stringify(pickPart(texts, options, part));
      return `export default JSON.parse(${JSON.stringify(json)});\n`;
    },
  };
}
