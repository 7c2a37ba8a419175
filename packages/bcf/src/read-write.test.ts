import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { BcfArchive } from './model.ts';
import { BcfReadError } from './caps.ts';
import { readBcf } from './read.ts';
import { writeBcf } from './write.ts';
import { BCF_SHARED as SHARED, validateBcf as validate } from './testing/xsd-validate.ts';

const cases = (version: string) =>
  readdirSync(path.join(SHARED, version))
    .filter((file) => file.endsWith('.bcf'))
    .map((file) => [file, path.join(SHARED, version, file)] as const);

const strip = ({ version: _version, ...rest }: BcfArchive) => rest;

/**
 * Every buildingSMART test case of both versions: read, written back and validated. That the
 * server takes each topic whole is checked beside its import (apps/server modules/topics/bcf/
 * normalize.test.ts), which owns the storable form.
 */
// xmllint runs once per XML file of each export: seconds per case on a loaded 2-core box (the
// server project these tests came from allows 30 s a test; the packages project's default is 5 s).
describe('BCF read and write', { timeout: 30_000 }, () => {
  for (const [name, file] of cases('v3.0')) {
    it(`3.0 ${name}: reads, writes 3.0 and 2.1 that validate, reads back the same`, () => {
      const { archive, problems } = readBcf(readFileSync(file));
      expect(problems).toEqual([]);
      expect(archive.version).toBe('3.0');
      expect(archive.topics.length).toBeGreaterThan(0);
      const v3 = writeBcf(archive, '3.0');
      validate(v3, '3.0', name);
      expect(strip(readBcf(v3).archive)).toEqual(strip(archive));
      validate(writeBcf(archive, '2.1'), '2.1', name);
    });
  }

  for (const [name, file] of cases('v2.1')) {
    it(`2.1 ${name}: reads, writes 3.0 and 2.1 that validate, keeps views and files`, () => {
      const { archive, problems } = readBcf(readFileSync(file));
      expect(problems).toEqual([]);
      expect(archive.version).toBe('2.1');
      expect(archive.topics.length).toBeGreaterThan(0);
      const v3 = writeBcf(archive, '3.0');
      validate(v3, '3.0', name);
      validate(writeBcf(archive, '2.1'), '2.1', name);
      const again = readBcf(v3).archive;
      for (const [i, topic] of archive.topics.entries()) {
        const back = again.topics[i]!;
        expect(back.guid).toBe(topic.guid);
        expect(back.comments).toEqual(topic.comments);
        expect(back.viewpoints).toEqual(
          // 3.0 cameras always carry an aspect ratio (1 when 2.1 had none)
          topic.viewpoints.map((vp) => ({
            ...vp,
            view: {
              ...vp.view,
              camera: vp.view.camera && { aspectRatio: 1, ...vp.view.camera },
            },
          })),
        );
        expect(back.attachments.map((a) => Buffer.from(a.bytes).toString('base64'))).toEqual(
          topic.attachments.map((a) => Buffer.from(a.bytes).toString('base64')),
        );
      }
    });
  }

  it('keeps what the test cases ask: one visible wall, an orthographic camera', () => {
    const wall = readBcf(
      readFileSync(path.join(SHARED, 'v3.0/Visualization-Single_visible_wall.bcf')),
    ).archive.topics[0]!.viewpoints[0]!.view;
    expect(wall.selection).toEqual([]);
    expect(wall.visibility.defaultVisibility).toBe(false);
    expect(wall.visibility.exceptions).toHaveLength(1);
    const ortho = readBcf(
      readFileSync(path.join(SHARED, 'v3.0/Visualization-Orthogonal_camera.bcf')),
    ).archive.topics[0]!.viewpoints[0]!.view;
    expect(ortho.camera?.type).toBe('orthographic');
  });

  describe('bad files', () => {
    const kindOf = (bytes: Uint8Array, limits = {}) => {
      try {
        readBcf(bytes, limits);
        return 'ok';
      } catch (error) {
        if (error instanceof BcfReadError) return error.kind;
        throw error;
      }
    };
    const version = strToU8('<?xml version="1.0"?><Version VersionId="3.0"/>');

    it('refuses what is not a zip', () => {
      expect(kindOf(strToU8('hello'))).toBe('invalid');
      expect(kindOf(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toBe('invalid');
    });

    it('refuses a zip bomb before inflating it', () => {
      const bomb = zipSync({ 'bcf.version': version, 'big.bin': new Uint8Array(20_000_000) });
      expect(bomb.length).toBeLessThan(100_000);
      expect(kindOf(bomb, { maxUncompressedBytes: 10_000_000 })).toBe('too-large');
    });

    it('refuses external entities and DOCTYPEs, and broken XML, as a whole file', () => {
      const xxe = zipSync({
        'bcf.version': strToU8(
          '<?xml version="1.0"?><!DOCTYPE v [<!ENTITY x SYSTEM "file:///etc/passwd">]><Version VersionId="&x;"/>',
        ),
      });
      // Was 'invalid': hostile XML now has its own kind (BCF_FILE_UNSAFE).
      expect(kindOf(xxe)).toBe('unsafe');
      const fine = strToU8(
        '<Markup><Topic Guid="b" TopicType="Issue" TopicStatus="Open"><Title>fine</Title><CreationDate>2020-01-01T00:00:00Z</CreationDate><CreationAuthor>a</CreationAuthor></Topic></Markup>',
      );
      // Was: the broken topic left out and reported. Broken XML is refused with the file now.
      const broken = zipSync({
        'bcf.version': version,
        'a/markup.bcf': strToU8('<Markup><Topic Guid="a"><Title>x</Markup>'),
        'b/markup.bcf': fine,
      });
      expect(kindOf(broken)).toBe('invalid');
      const entity = zipSync({
        'bcf.version': version,
        'a/markup.bcf': strToU8('<!DOCTYPE m [<!ENTITY x "y">]><Markup><Topic Guid="a"/></Markup>'),
        'b/markup.bcf': fine,
      });
      expect(kindOf(entity)).toBe('unsafe');
      // A markup without a Topic stays a benign, reported gap.
      const gap = zipSync({
        'bcf.version': version,
        'b/markup.bcf': fine,
        'c/markup.bcf': strToU8('<Markup/>'),
      });
      const { archive, problems } = readBcf(gap);
      expect(archive.topics.map((t) => t.guid)).toEqual(['b']);
      expect(problems.map((p) => p.guid)).toEqual(['c']);
    });

    it('refuses more topics than the cap', () => {
      const files: Record<string, Uint8Array> = { 'bcf.version': version };
      for (let i = 0; i < 30; i += 1) files[`t${i}/markup.bcf`] = strToU8('<Markup/>');
      expect(kindOf(zipSync(files), { maxTopics: 20 })).toBe('too-many-topics');
    });
  });
});
