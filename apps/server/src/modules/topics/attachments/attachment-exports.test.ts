import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ATTACHMENT_MAX_BYTES, type Topic, type TopicAttachment } from '@truss/contracts';
import { validateBcf } from '@truss/bcf/testing/xsd-validate';
import { strFromU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createProject, createTeam, type Team } from '../../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../../testing/test-server.ts';
import { importBcf } from '../testing/bcf-test-helpers.ts';
import { createIssue } from '../test-fixture.ts';

/** Runs a poppler tool on a PDF and returns its standard output. */
function poppler(tool: string, args: string[], bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'truss-attachments-'));
  try {
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * Attachments leave Truss with the topic: as BCF documents (3.0: documents.xml and the topic's
 * DocumentReferences, valid against buildingSMART's XSDs; 2.1: files beside the markup) and in
 * the PDF issue report (listed by name, photos drawn as thumbnails).
 */
describe(`topic attachments in exports (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;
  let issue: Topic;
  let photo: TopicAttachment;
  let sheet: TopicAttachment;
  let jpeg: Buffer;

  async function upload(name: string, body: Buffer): Promise<TopicAttachment> {
    const res = await fetch(
      `${server.url}/api/topics/${issue.id}/attachments?${new URLSearchParams({ name })}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${team.member.token}` },
        body,
      },
    );
    expect(res.status).toBe(201);
    return (await res.json()) as TopicAttachment;
  }

  async function download(pathAndQuery: string, language = 'en'): Promise<Uint8Array> {
    const res = await fetch(`${server.url}${pathAndQuery}`, {
      headers: { authorization: `Bearer ${team.member.token}`, 'accept-language': language },
    });
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  }

  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    team = await createTeam(server);
    issue = await createIssue(server, team.member.token, team.project.id, {
      title: 'Cracked slab 楼板裂缝',
    });
    jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    photo = await upload('现场照片.jpg', jpeg);
    sheet = await upload('Spec sheet.pdf', PDF);
  });
  afterAll(() => server?.close());

  it('BCF 3.0: documents.xml and DocumentReferences, valid against the XSDs', async () => {
    const bytes = await download(`/api/project/${team.project.id}/bcf?version=3.0`);
    validateBcf(bytes, '3.0', 'attachments 3.0');
    const files = unzipSync(bytes);
    const documents = strFromU8(files['documents.xml']!);
    const docGuid = (name: string) =>
      new RegExp(`<Document Guid="([^"]+)">\\s*<Filename>${name}</Filename>`).exec(documents)?.[1];
    const photoGuid = docGuid('现场照片.jpg');
    const sheetGuid = docGuid('Spec sheet.pdf');
    expect(photoGuid).toBeTruthy();
    expect(sheetGuid).toBeTruthy();
    expect(Buffer.from(files[`documents/${photoGuid}`]!).equals(jpeg)).toBe(true);
    expect(Buffer.from(files[`documents/${sheetGuid}`]!).equals(PDF)).toBe(true);
    const markupName = Object.keys(files).find((name) => name.endsWith('/markup.bcf'))!;
    const markup = strFromU8(files[markupName]!);
    expect(markup).toContain(`<DocumentReference Guid="${photo.id}">`);
    expect(markup).toContain(`<DocumentGuid>${photoGuid}</DocumentGuid>`);
    expect(markup).toContain(`<DocumentReference Guid="${sheet.id}">`);
    expect(markup).toContain(`<DocumentGuid>${sheetGuid}</DocumentGuid>`);
  });

  it('BCF 3.0 round trip: documents come back as attachments (same names and bytes), once', async () => {
    const bytes = await download(`/api/project/${team.project.id}/bcf?version=3.0`);
    const fresh = await createProject(server, team.owner.token, 'Attachments round trip');
    await addMember(server, fresh.id, team.member.user.id, 'member');
    const imported = await importBcf(server, team.owner.token, fresh.id, bytes);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ created: 1, skipped: [] });
    const topic = await server.db
      .selectFrom('topics')
      .select('id')
      .where('project_id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    const listed = async () =>
      (
        (await (
          await fetch(`${server.url}/api/topics/${topic.id}/attachments`, {
            headers: { authorization: `Bearer ${team.member.token}` },
          })
        ).json()) as { attachments: TopicAttachment[] }
      ).attachments;
    const files = await listed();
    expect(files.map((file) => file.filename).sort()).toEqual(['Spec sheet.pdf', '现场照片.jpg']);
    const byName = new Map(files.map((file) => [file.filename, file]));
    expect(byName.get('现场照片.jpg')).toMatchObject({ content_type: 'image/jpeg' });
    expect(byName.get('Spec sheet.pdf')).toMatchObject({ content_type: 'application/pdf' });
    for (const [name, original] of [
      ['现场照片.jpg', jpeg],
      ['Spec sheet.pdf', PDF],
    ] as const) {
      const back = await download(`/api/attachments/${byName.get(name)!.id}?download=1`);
      expect(Buffer.from(back).equals(original)).toBe(true);
    }
    // Not opaque BCF files of the topic any more; and counted in the owner's storage.
    const opaque = await server.db
      .selectFrom('topic_files')
      .select('id')
      .where('topic_id', '=', topic.id)
      .execute();
    expect(opaque).toEqual([]);
    const stored = await server.db
      .selectFrom('topic_attachments')
      .select(['size_bytes', 'project_id'])
      .where('topic_id', '=', topic.id)
      .execute();
    expect(stored.reduce((sum, row) => sum + Number(row.size_bytes), 0)).toBe(
      jpeg.length + PDF.length,
    );
    expect(stored.every((row) => row.project_id === fresh.id)).toBe(true);

    // The same file again updates the topic and adds no second copy of its documents; the
    // project's own export then names each document once.
    const again = await importBcf(server, team.owner.token, fresh.id, bytes);
    expect(again.body).toMatchObject({ created: 0, updated: 1 });
    expect(await listed()).toHaveLength(2);
    const out = unzipSync(await download(`/api/project/${fresh.id}/bcf?version=3.0`));
    validateBcf(
      await download(`/api/project/${fresh.id}/bcf?version=3.0`),
      '3.0',
      'round trip 3.0',
    );
    const markup = strFromU8(out[Object.keys(out).find((n) => n.endsWith('/markup.bcf'))!]!);
    expect(markup.match(/<DocumentReference /g)).toHaveLength(2);
  });

  it("BCF 3.0 import: a document past the plan's size per file stays a BCF file, reported", async () => {
    const files = unzipSync(await download(`/api/project/${team.project.id}/bcf?version=3.0`));
    const documents = strFromU8(files['documents.xml']!);
    const sheetGuid = /<Document Guid="([^"]+)">\s*<Filename>Spec sheet.pdf<\/Filename>/.exec(
      documents,
    )![1]!;
    // The Free plan allows 10 MiB per attachment: this "PDF" is one byte more (random bytes,
    // which do not compress: the reader's zip-bomb check stays out of it).
    const big = randomBytes(ATTACHMENT_MAX_BYTES.free + 1);
    PDF.copy(big);
    files[`documents/${sheetGuid}`] = big;
    const fresh = await createProject(server, team.member.token, 'Free plan');
    const imported = await importBcf(server, team.member.token, fresh.id, zipSync(files));
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.skipped).toEqual([
      {
        guid: expect.any(String),
        reason:
          'document "Spec sheet.pdf" kept as a BCF file: larger than the plan allows per attachment',
      },
    ]);
    const rows = await server.db
      .selectFrom('topic_attachments')
      .select('filename')
      .where('project_id', '=', fresh.id)
      .execute();
    expect(rows.map((row) => row.filename)).toEqual(['现场照片.jpg']);
    const opaque = await server.db
      .selectFrom('topic_files')
      .innerJoin('topics', 'topics.id', 'topic_files.topic_id')
      .select(['topic_files.filename', 'topic_files.kind'])
      .where('topics.project_id', '=', fresh.id)
      .execute();
    expect(opaque).toEqual([{ filename: 'Spec sheet.pdf', kind: 'document' }]);
  });

  it('BCF 2.1: the files beside the markup as internal references, valid', async () => {
    const bytes = await download(`/api/project/${team.project.id}/bcf?version=2.1`);
    validateBcf(bytes, '2.1', 'attachments 2.1');
    const files = unzipSync(bytes);
    const photoFile = Object.keys(files).find((name) => name.endsWith('_现场照片.jpg'))!;
    expect(Buffer.from(files[photoFile]!).equals(jpeg)).toBe(true);
    const markupName = Object.keys(files).find((name) => name.endsWith('/markup.bcf'))!;
    expect(strFromU8(files[markupName]!)).toContain(`<ReferencedDocument>../${photoFile}`);
  });

  it('the PDF report lists the files and draws the photo, in en and zh-CN', async () => {
    for (const [language, heading] of [
      ['en', 'Attachments (2)'],
      ['zh-CN', '附件 (2)'],
    ] as const) {
      const pdf = await download(
        `/api/project/${team.project.id}/topics/report?format=pdf`,
        language,
      );
      const text = poppler('pdftotext', ['-enc', 'UTF-8'], pdf);
      expect(text).toContain(heading);
      expect(text).toContain('现场照片.jpg');
      expect(text).toContain('Spec sheet.pdf');
      // pdfimages lists the embedded pictures: the photo's thumbnail, 320 x 240
      const images = poppler('pdfimages', ['-list'], pdf);
      expect(images).toMatch(/\s320\s+240\s/);
    }
  });
});
