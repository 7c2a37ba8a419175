import { errorText, isErrorCode, type Locale } from '@truss/contracts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { noticeMail, oneLine, PRODUCT_NAME } from '../../mail/templates.ts';

interface ProcessedMailTexts {
  /** Subjects are fixed texts: names typed by users stay out of them. */
  readySubject: string;
  ready: (model: string, project: string) => string;
  openModel: string;
  failedSubject: string;
  failed: (model: string, project: string) => string;
  reason: (text: string) => string;
  retry: string;
  openProject: string;
  footer: string;
}

const texts: Record<Locale, ProcessedMailTexts> = {
  en: {
    readySubject: `Your model is ready to view in ${PRODUCT_NAME}`,
    ready: (model, project) =>
      `Your model "${model}" in the project "${project}" has been processed and is ready to view.`,
    openModel: 'Open the model',
    failedSubject: `Your model could not be processed in ${PRODUCT_NAME}`,
    failed: (model, project) =>
      `Your model "${model}" in the project "${project}" could not be processed.`,
    reason: (text) => `Reason: ${text}`,
    retry: 'Check the file and upload it again, or export it from your design tool once more.',
    openProject: 'Open the project',
    footer: 'You get this email because "Model ready" notifications are on. Turn them off here:',
  },
  'zh-CN': {
    readySubject: `您的模型已可在 ${PRODUCT_NAME} 中查看`,
    ready: (model, project) =>
      `您在项目「${project}」中上传的模型「${model}」已处理完成，可以查看了。`,
    openModel: '打开模型',
    failedSubject: `您的模型在 ${PRODUCT_NAME} 中处理失败`,
    failed: (model, project) => `您在项目「${project}」中上传的模型「${model}」处理失败。`,
    reason: (text) => `原因：${text}`,
    retry: '请检查文件后重新上传，或从设计软件中重新导出。',
    openProject: '打开项目',
    footer: '您收到此邮件是因为开启了「模型就绪」通知。可在此关闭：',
  },
};

/** The failure's reason as the app shows it: its code's catalogue text in `locale`. */
function failureReason(code: string | null, locale: Locale): string {
  return errorText(code && isErrorCode(code) ? code : 'CONVERSION_FAILED', locale);
}

/**
 * Tells the uploader that their model's conversion finished, in their language: a link to the
 * model page when it is ready, to the project's models (with the reason) when it failed.
 */
export function modelProcessedMail(input: {
  to: string;
  locale: Locale;
  modelId: string;
  modelName: string;
  projectId: string;
  projectName: string;
  outcome: { status: 'ready' } | { status: 'failed'; failureCode: string | null };
  publicUrl: string;
}): OutgoingMail {
  const t = texts[input.locale];
  const model = oneLine(input.modelName);
  const project = oneLine(input.projectName);
  const common = {
    to: input.to,
    locale: input.locale,
    footer: t.footer,
    publicUrl: input.publicUrl,
  };
  if (input.outcome.status === 'ready') {
    return noticeMail({
      ...common,
      subject: t.readySubject,
      lines: [t.ready(model, project)],
      button: { label: t.openModel, url: `${input.publicUrl}/model/${input.modelId}` },
    });
  }
  return noticeMail({
    ...common,
    subject: t.failedSubject,
    lines: [
      t.failed(model, project),
      t.reason(failureReason(input.outcome.failureCode, input.locale)),
      t.retry,
    ],
    button: { label: t.openProject, url: `${input.publicUrl}/models/${input.projectId}` },
  });
}
