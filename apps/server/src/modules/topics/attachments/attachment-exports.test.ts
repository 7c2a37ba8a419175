import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Topic, TopicAttachment } from '@truss/contracts';
import { validateBcf } from '@truss/bcf/testing/xsd-validate';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../../testing/test-server.ts';
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
