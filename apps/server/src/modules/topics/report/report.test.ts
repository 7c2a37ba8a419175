import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { TOPIC_REPORT_MAX } from '@truss/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createTeam, type Team } from '../../../testing/project-team.ts';
import { startTestServer, testEngine, type TestServer } from '../../../testing/test-server.ts';
import { attachFile } from '../../../reliability/fixture.ts';
import { createIssue, viewpoint } from '../test-fixture.ts';

interface Download {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

/** The text pdftotext (poppler-utils) reads out of a PDF: what a reader would copy. */
function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'truss-report-'));
  try {
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function sheetRows(bytes: Uint8Array): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
}

/**
 * Issue reports (PDF, XLSX) of a project's topics in en and zh-CN, read back as a reader would:
 * pdftotext for the PDF (Chinese titles come out as Chinese, so the CJK font is embedded), exceljs
 * for the workbook.
 */
describe(`topic reports (${testEngine()})`, () => {
  let server: TestServer;
  let team: Team;

  async function report(query: string, token: string, language = 'en'): Promise<Download> {
    const res = await fetch(`${server.url}/api/project/${team.project.id}/topics/report?${query}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    });
    return {
      status: res.status,
      headers: res.headers,
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  }

  beforeAll(async () => {
    server = await startTestServer({ mail: 'outbox' });
    team = await createTeam(server);
    const door = await createIssue(server, team.member.token, team.project.id, {
      title: 'Door clashes with duct',
      assigneeId: team.admin.user.id,
      dueDate: '2027-03-01T00:00:00.000Z',
      viewpoints: [viewpoint()],
    });
    await server.api('POST', `/api/topics/${door.id}/comments`, {
      token: team.admin.token,
      body: { text: 'Moving the duct 200 mm up' },
    });
    for (const name of ['duct-photo.png', '风管照片.png']) {
      await attachFile(server, team.member.token, door.id, name);
    }
    const beam = await createIssue(server, team.owner.token, team.project.id, {
      title: '梁与风管碰撞',
    });
    await server.api('POST', `/api/topics/${beam.id}/comments`, {
      token: team.member.token,
      body: { text: '已通知机电专业调整' },
    });
    const closed = await createIssue(server, team.owner.token, team.project.id, {
      title: 'Closed leftover',
    });
    await server.api('PATCH', `/api/topics/${closed.id}`, {
      token: team.owner.token,
      body: { status: 'Closed' },
    });
  });
  afterAll(() => server?.close());

  it('PDF in en and zh-CN: titles, comments, assignee and status read back with pdftotext', async () => {
    const en = await report('format=pdf&status=Open', team.member.token, 'en');
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toBe('application/pdf');
    expect(en.headers.get('content-disposition')).toContain('.pdf');
    const enText = pdfText(en.bytes);
    for (const text of [
      'Issue report',
      'Door clashes with duct',
      'Moving the duct 200 mm up',
      '梁与风管碰撞',
      '已通知机电专业调整',
      'Due date: 2027-03-01',
      'Status: Open',
      '1hOSvn6df7F8_7GcBWlRGQ',
    ]) {
      expect(enText).toContain(text);
    }
    expect(enText).not.toContain('Closed leftover');
    // The snapshot is drawn as an image (an XObject) in the file.
    expect(Buffer.from(en.bytes).toString('latin1')).toContain('/Subtype /Image');

    const zh = await report('format=pdf&status=Open', team.member.token, 'zh-CN');
    expect(zh.status).toBe(200);
    const zhText = pdfText(zh.bytes);
    for (const text of [
      '问题报告',
      '梁与风管碰撞',
      '已通知机电专业调整',
      '状态: 待处理',
      'Door clashes with duct',
    ]) {
      expect(zhText).toContain(text);
    }
    expect(zhText).not.toContain('Issue report');
  });

  it('XLSX: one row per topic, headers in the language, read back with exceljs', async () => {
    const en = await report('format=xlsx&status=Open', team.member.token, 'en');
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await sheetRows(en.bytes);
    expect(rows[0]!.slice(0, 5)).toEqual(['#', 'Title', 'Kind', 'Type', 'Status']);
    expect(rows).toHaveLength(3);
    const door = rows.find((row) => row[1] === 'Door clashes with duct')!;
    expect(door[4]).toBe('Open');
    expect(door.join('|')).toContain('Moving the duct 200 mm up');
    // The attachments column: the count, then one file name a line (the last column).
    const files = rows[0]!.length - 1;
    expect(rows[0]![files]).toBe('Attachments');
    const [count, ...names] = door[files]!.split('\n');
    expect(count).toBe('(2)');
    expect(names.sort()).toEqual(['duct-photo.png', '风管照片.png']);
    const beamEn = rows.find((row) => row[1] === '梁与风管碰撞')!;
    expect(beamEn[files] ?? '').toBe('');

    const zh = await sheetRows((await report('format=xlsx', team.member.token, 'zh-CN')).bytes);
    expect(zh[0]!.slice(0, 5)).toEqual(['编号', '标题', '类别', '类型', '状态']);
    expect(zh).toHaveLength(4);
    const beam = zh.find((row) => row[1] === '梁与风管碰撞')!;
    expect(beam[4]).toBe('待处理');
    expect(beam.join('|')).toContain('已通知机电专业调整');
    expect(zh.find((row) => row[1] === 'Closed leftover')![4]).toBe('已关闭');
    expect(zh[0]![files]).toBe('附件');
    const doorZh = zh.find((row) => row[1] === 'Door clashes with duct')!;
    expect(doorZh[files]!.split('\n').sort()).toEqual(['(2)', 'duct-photo.png', '风管照片.png']);
  });

  it('an outsider gets 404 as the list answers; no token 401; a bad format 400', async () => {
    expect((await report('format=pdf', team.outsider.token)).status).toBe(404);
    const anonymous = await fetch(
      `${server.url}/api/project/${team.project.id}/topics/report?format=pdf`,
    );
    expect(anonymous.status).toBe(401);
    expect((await report('format=docx', team.member.token)).status).toBe(400);
  });

  it(`a filter matching more than ${TOPIC_REPORT_MAX} topics: 422 TOPIC_REPORT_TOO_LARGE in the language`, async () => {
    const big = await createProject(server, team.owner.token, 'Big');
    const now = new Date();
    await server.db
      .insertInto('topics')
      .values(
        Array.from({ length: TOPIC_REPORT_MAX + 1 }, (_, i) => ({
          project_id: big.id,
          guid: randomUUID(),
          number: i + 1,
          kind: 'issue' as const,
          title: `Bulk ${i + 1}`,
          type: 'Issue',
          status: 'Open',
          author_name: 'Bulk',
          model_id: null,
          priority: null,
          assignee_id: null,
          assigned_to: null,
          due_date: null,
          stage: null,
          pin: 'null',
          author_id: null,
          share_id: null,
          visitor_key: null,
          modified_by_name: null,
          created_at: now,
          modified_at: now,
        })),
      )
      .execute();
    const res = await fetch(`${server.url}/api/project/${big.id}/topics/report?format=xlsx`, {
      headers: { authorization: `Bearer ${team.owner.token}`, 'accept-language': 'zh-CN' },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('TOPIC_REPORT_TOO_LARGE');
    expect(body.message).toContain('500');
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);

    // Exactly the cap is fine: one topic fewer and the whole project comes out.
    await server.db
      .deleteFrom('topics')
      .where('project_id', '=', big.id)
      .where('number', '=', 1)
      .execute();
    const full = await fetch(`${server.url}/api/project/${big.id}/topics/report?format=pdf`, {
      headers: { authorization: `Bearer ${team.owner.token}` },
    });
    expect(full.status).toBe(200);
    const text = pdfText(new Uint8Array(await full.arrayBuffer()));
    expect(text).toContain(`Bulk ${TOPIC_REPORT_MAX + 1}`);
    expect(text).not.toContain('Bulk 1\n');
  });
});
