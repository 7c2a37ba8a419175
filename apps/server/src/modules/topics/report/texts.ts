import type { Locale } from '@truss/contracts';

/** The fixed words of a topic report (PDF and XLSX), per language. */
export interface ReportTexts {
  title: string;
  project: string;
  generated: string;
  filter: string;
  noFilter: string;
  search: string;
  count: (n: number) => string;
  empty: string;
  kind: Record<'issue' | 'comment', string>;
  column: {
    number: string;
    title: string;
    kind: string;
    type: string;
    status: string;
    priority: string;
    assignee: string;
    dueDate: string;
    author: string;
    created: string;
    modified: string;
    labels: string;
    description: string;
    elements: string;
    comments: string;
    commentCount: string;
    attachments: string;
  };
  unassigned: string;
  /** A person shown without a name (a guest's report hides addresses). */
  someone: string;
  none: string;
  noComments: string;
  /** A topic with more comments than a report prints: how many are left out. */
  moreComments: (n: number) => string;
  moreElements: (n: number) => string;
  snapshotsOmitted: string;
  /** Values stored in English (built-in statuses, priorities, types) shown in this language. */
  values: Record<string, string>;
}

const en: ReportTexts = {
  title: 'Issue report',
  project: 'Project',
  generated: 'Generated',
  filter: 'Filter',
  noFilter: 'All topics',
  search: 'Search',
  count: (n) => (n === 1 ? '1 topic' : `${n} topics`),
  empty: 'No topics match this filter.',
  kind: { issue: 'Issue', comment: 'Comment thread' },
  column: {
    number: '#',
    title: 'Title',
    kind: 'Kind',
    type: 'Type',
    status: 'Status',
    priority: 'Priority',
    assignee: 'Assignee',
    dueDate: 'Due date',
    author: 'Author',
    created: 'Created',
    modified: 'Modified',
    labels: 'Labels',
    description: 'Description',
    elements: 'Elements',
    comments: 'Comments',
    commentCount: 'Comment count',
    attachments: 'Attachments',
  },
  unassigned: 'Unassigned',
  someone: 'A project member',
  none: '—',
  noComments: 'No comments',
  moreComments: (n) => `… ${n} earlier comments not shown`,
  moreElements: (n) => `… and ${n} more`,
  snapshotsOmitted: 'Snapshots left out: the report reached its size limit',
  values: {},
};

const zhCN: ReportTexts = {
  title: '问题报告',
  project: '项目',
  generated: '生成时间',
  filter: '筛选条件',
  noFilter: '全部主题',
  search: '搜索',
  count: (n) => `共 ${n} 个主题`,
  empty: '没有符合筛选条件的主题。',
  kind: { issue: '问题', comment: '评论' },
  column: {
    number: '编号',
    title: '标题',
    kind: '类别',
    type: '类型',
    status: '状态',
    priority: '优先级',
    assignee: '负责人',
    dueDate: '截止日期',
    author: '创建者',
    created: '创建时间',
    modified: '修改时间',
    labels: '标签',
    description: '描述',
    elements: '构件',
    comments: '评论',
    commentCount: '评论数',
    attachments: '附件',
  },
  unassigned: '未指派',
  someone: '项目成员',
  none: '—',
  noComments: '暂无评论',
  moreComments: (n) => `… 另有 ${n} 条较早的评论未列出`,
  moreElements: (n) => `… 另有 ${n} 个`,
  snapshotsOmitted: '报告已达到大小上限，其余快照未包含',
  values: {
    Open: '待处理',
    'In Progress': '处理中',
    Resolved: '已解决',
    Closed: '已关闭',
    Low: '低',
    Normal: '普通',
    High: '高',
    Critical: '紧急',
    Issue: '问题',
    Request: '请求',
    Clash: '碰撞',
    Remark: '备注',
  },
};

export function reportTexts(locale: Locale): ReportTexts {
  return locale === 'zh-CN' ? zhCN : en;
}

/** A stored value (status, priority, type) in the report's language; custom values as they are. */
export function shownValue(texts: ReportTexts, value: string | null): string {
  if (!value) return texts.none;
  return texts.values[value] ?? value;
}
