import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../lib/i18n';
import { topicTypeLabel } from '../features/topics/labels';
import en from './en.json';

/** Every leaf text of a locale file. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

describe('wording (issue 35 item 5)', () => {
  beforeAll(() => loadLanguage('zh-CN'));
  afterAll(() => i18n.changeLanguage('en'));

  it('has no "(s)" plurals in English: counts use plural keys', async () => {
    expect(texts(en).filter((text) => text.includes('(s)'))).toEqual([]);
    await i18n.changeLanguage('en');
    expect(i18n.t('elementQuery.countHere', { here: 3, count: 1 })).toBe(
      '3 in this model, in 1 model in all.',
    );
    expect(i18n.t('elementQuery.countHere', { here: 3, count: 4 })).toBe(
      '3 in this model, in 4 models in all.',
    );
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('elementQuery.countHere', { here: 3, count: 4 })).toBe(
      '其中本模型 3 个，共涉及 4 个模型。',
    );
  });

  it("translates the default topic types and keeps a project's own as written", async () => {
    await i18n.changeLanguage('zh-CN');
    const t = i18n.t.bind(i18n);
    expect(['Issue', 'Request', 'Clash', 'Remark'].map((type) => topicTypeLabel(t, type))).toEqual([
      '问题',
      '请求',
      '碰撞',
      '备注',
    ]);
    expect(topicTypeLabel(t, 'Fire safety')).toBe('Fire safety');
    expect(t('topics.numberAndType', { number: 1, type: topicTypeLabel(t, 'Issue') })).toBe(
      '#1 · 问题',
    );
  });

  it("writes titles that are not the spec catalogue's in sentence case", () => {
    expect(en.viewer.properties.copyFailed).toBe('Copy failed, copy the value manually');
  });
});
