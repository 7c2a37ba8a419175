import ExcelJS from 'exceljs';
import type { ReportData, ReportTopic } from './model.ts';
import { shownValue } from './texts.ts';

/** Excel refuses cells longer than this; a long thread is cut with an ellipsis. */
const CELL_MAX = 32_000;

function cell(text: string): string {
  return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX - 1)}…` : text;
}

function commentsCell(data: ReportData, item: ReportTopic): string {
  const lines = item.comments.map(
    (comment) => `${comment.author} (${comment.createdAt.slice(0, 10)}): ${comment.text}`,
  );
  if (item.omittedComments > 0) lines.unshift(data.texts.moreComments(item.omittedComments));
  return cell(lines.join('\n'));
}

/** The topic's files (its comments' too), one name a line, after their count. */
function attachmentsCell(item: ReportTopic): string {
  if (item.attachments.length === 0) return '';
  const names = item.attachments.map((file) => file.filename);
  return cell([`(${names.length})`, ...names].join('\n'));
}

/**
 * The report as a workbook: one sheet, one row per topic, headers in the report's language.
 * Values are written as strings and dates, never formulas (a title starting with "=" stays text).
 */
export async function renderXlsx(data: ReportData): Promise<Uint8Array> {
  const { texts } = data;
  const c = texts.column;
  const book = new ExcelJS.Workbook();
  book.creator = 'Truss';
  book.created = data.generatedAt;
  book.title = `${texts.title} - ${data.projectName}`;
  const sheet = book.addWorksheet(texts.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: c.number, key: 'number', width: 7 },
    { header: c.title, key: 'title', width: 40 },
    { header: c.kind, key: 'kind', width: 12 },
    { header: c.type, key: 'type', width: 12 },
    { header: c.status, key: 'status', width: 12 },
    { header: c.priority, key: 'priority', width: 10 },
    { header: c.assignee, key: 'assignee', width: 22 },
    { header: c.dueDate, key: 'due', width: 12 },
    { header: c.author, key: 'author', width: 22 },
    { header: c.created, key: 'created', width: 12 },
    { header: c.modified, key: 'modified', width: 12 },
    { header: c.labels, key: 'labels', width: 18 },
    { header: c.description, key: 'description', width: 50 },
    { header: c.elements, key: 'elements', width: 30 },
    { header: c.commentCount, key: 'commentCount', width: 10 },
    { header: c.comments, key: 'comments', width: 80 },
    { header: c.attachments, key: 'attachments', width: 36 },
  ];
  for (const item of data.topics) {
    const { topic } = item;
    sheet.addRow({
      number: topic.number,
      title: cell(topic.title),
      kind: texts.kind[topic.kind],
      type: shownValue(texts, topic.type),
      status: shownValue(texts, topic.status),
      priority: topic.priority ? shownValue(texts, topic.priority) : '',
      assignee: item.assignee,
      due: topic.due_date ? new Date(topic.due_date) : '',
      author: topic.author.name,
      created: new Date(topic.created_at),
      modified: new Date(topic.modified_at),
      labels: topic.labels.join(', '),
      description: cell(topic.description),
      elements: cell(item.elements.join(', ')),
      commentCount: topic.comment_count,
      comments: commentsCell(data, item),
      attachments: attachmentsCell(item),
    });
  }
  for (const key of ['due', 'created', 'modified']) sheet.getColumn(key).numFmt = 'yyyy-mm-dd';
  for (const key of ['title', 'description', 'comments', 'attachments']) {
    sheet.getColumn(key).alignment = { wrapText: true, vertical: 'top' };
  }
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columnCount } };
  return new Uint8Array(await book.xlsx.writeBuffer());
}
