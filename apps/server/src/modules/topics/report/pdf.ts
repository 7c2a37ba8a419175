import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { ReportData, ReportTopic } from './model.ts';
import { shownValue } from './texts.ts';

/**
 * Noto Sans SC (OFL-1.1, from @expo-google-fonts/noto-sans-sc): Latin and CJK in one face, so
 * en and zh-CN reports read alike; pdfkit embeds only the glyphs a report uses (a subset).
 */
const FONT_FILE = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
);
let fontBytes: Promise<Buffer> | undefined;
/** Read once per process (10.5 MB); a failed read is retried by the next report. */
function font(): Promise<Buffer> {
  fontBytes ??= readFile(FONT_FILE).catch((error: unknown) => {
    fontBytes = undefined;
    throw error;
  });
  return fontBytes;
}

const MARGIN = 50;
const MUTED = '#555555';
const SNAPSHOT_BOX: [number, number] = [240, 180];

type Doc = InstanceType<typeof PDFDocument>;

function date(iso: string | null | undefined, none: string): string {
  return iso ? iso.slice(0, 10) : none;
}

function dateTime(value: Date): string {
  return `${value.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function cover(doc: Doc, data: ReportData): void {
  const { texts } = data;
  doc.fontSize(26).text(texts.title, { align: 'left' });
  doc.moveDown(0.5);
  doc.fontSize(16).text(data.projectName);
  doc.moveDown(1);
  doc.fontSize(11).fillColor(MUTED);
  doc.text(`${texts.generated}: ${dateTime(data.generatedAt)}`);
  doc.text(`${texts.filter}: ${data.filter.length === 0 ? texts.noFilter : ''}`);
  for (const line of data.filter) doc.text(`  ${line}`);
  doc.text(texts.count(data.topics.length));
  if (data.snapshotsOmitted) doc.text(texts.snapshotsOmitted);
  doc.fillColor('black');
  if (data.topics.length === 0) {
    doc.moveDown(1).fontSize(12).text(texts.empty);
    return;
  }
  doc.moveDown(1.5).fontSize(10);
  for (const { topic } of data.topics) {
    doc.text(`#${topic.number}  ${topic.title}  ·  ${shownValue(texts, topic.status)}`);
  }
}

/** Draws snapshots side by side, on a new page when they do not fit below. */
function snapshots(doc: Doc, item: ReportTopic): void {
  if (item.snapshots.length === 0) return;
  const [width, height] = SNAPSHOT_BOX;
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  const top = doc.y;
  let x = MARGIN;
  for (const snapshot of item.snapshots) {
    try {
      doc.image(Buffer.from(snapshot.bytes), x, top, { fit: [width, height] });
      x += width + 12;
    } catch {
      // A stored snapshot pdfkit cannot decode is left out; the rest of the topic still prints.
    }
  }
  doc.x = MARGIN;
  doc.y = top + (x > MARGIN ? height + 8 : 0);
}

const THUMBNAIL_BOX: [number, number] = [110, 82];

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The topic's files by name and size; photos' thumbnails in a row below the list. */
function attachmentList(doc: Doc, data: ReportData, item: ReportTopic): void {
  if (item.attachments.length === 0) return;
  doc
    .fontSize(11)
    .fillColor('black')
    .text(`${data.texts.column.attachments} (${item.attachments.length})`);
  doc.fontSize(10).fillColor(MUTED);
  for (const file of item.attachments) {
    doc.text(`${file.filename} · ${fileSize(file.sizeBytes)}`, { indent: 10 });
  }
  doc.fillColor('black');
  const pictures = item.attachments.filter((file) => file.thumbnail);
  if (pictures.length === 0) {
    doc.moveDown(0.5);
    return;
  }
  const [width, height] = THUMBNAIL_BOX;
  let x = MARGIN;
  let top = doc.y + 4;
  for (const file of pictures) {
    if (x + width > doc.page.width - MARGIN) {
      x = MARGIN;
      top += height + 8;
    }
    if (top + height > doc.page.height - MARGIN) {
      doc.addPage();
      top = doc.y;
      x = MARGIN;
    }
    try {
      doc.image(Buffer.from(file.thumbnail!), x, top, { fit: [width, height] });
      x += width + 8;
    } catch {
      // A thumbnail pdfkit cannot decode is left out; its name is listed above.
    }
  }
  doc.x = MARGIN;
  doc.y = top + height + 8;
}

function topicBlock(doc: Doc, data: ReportData, item: ReportTopic): void {
  const { texts } = data;
  const c = texts.column;
  const { topic } = item;
  if (doc.y > doc.page.height - 200) doc.addPage();
  else doc.moveDown(1);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .strokeColor('#cccccc')
    .stroke();
  doc.moveDown(0.5);
  doc.fontSize(14).fillColor('black').text(`#${topic.number}  ${topic.title}`);
  doc.moveDown(0.3).fontSize(10).fillColor(MUTED);
  const meta = [
    `${c.kind}: ${texts.kind[topic.kind]}`,
    `${c.type}: ${shownValue(texts, topic.type)}`,
    `${c.status}: ${shownValue(texts, topic.status)}`,
    `${c.priority}: ${shownValue(texts, topic.priority)}`,
    `${c.assignee}: ${item.assignee}`,
    `${c.dueDate}: ${date(topic.due_date, texts.none)}`,
    `${c.author}: ${topic.author.name}`,
    `${c.created}: ${date(topic.created_at, texts.none)}`,
  ];
  doc.text(meta.join('   ·   '));
  if (topic.labels.length > 0) doc.text(`${c.labels}: ${topic.labels.join(', ')}`);
  if (item.elements.length > 0) doc.text(`${c.elements}: ${item.elements.join(', ')}`);
  doc.fillColor('black');
  if (topic.description) doc.moveDown(0.4).fontSize(11).text(topic.description);
  doc.moveDown(0.5);
  snapshots(doc, item);
  attachmentList(doc, data, item);
  doc.fontSize(11).text(`${c.comments} (${topic.comment_count})`);
  doc.fontSize(10);
  if (item.comments.length === 0) doc.fillColor(MUTED).text(texts.noComments);
  if (item.omittedComments > 0) doc.fillColor(MUTED).text(texts.moreComments(item.omittedComments));
  for (const comment of item.comments) {
    doc
      .moveDown(0.2)
      .fillColor(MUTED)
      .text(`${comment.author} · ${date(comment.createdAt, '')}`);
    doc.fillColor('black').text(comment.text, { indent: 10 });
  }
}

/** The report as a PDF: a cover (project, filter, the topics in brief), then a block per topic. */
export async function renderPdf(data: ReportData): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${data.texts.title} - ${data.projectName}`, Producer: 'Truss' },
    lang: data.locale,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  doc.registerFont('body', await font());
  doc.font('body');
  cover(doc, data);
  for (const [index, item] of data.topics.entries()) {
    if (index === 0) doc.addPage();
    topicBlock(doc, data, item);
  }
  doc.end();
  return done;
}
