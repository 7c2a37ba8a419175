import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { DEFAULT_PROJECT_NAME, type Project } from '@truss/contracts';
import { i18n, loadLanguage } from '../../../lib/i18n';
import { useProjectName } from './ProjectAvatar';

const creator: Project['creator'] = { id: 'u2', email: 'alice@example.com', name: 'Alice Chen' };

describe('project names (issue 35: a member had two "Default Project"s)', () => {
  it('names the own default project in the interface language and a joined one by its owner', async () => {
    await i18n.changeLanguage('en');
    const { result } = renderHook(() => useProjectName());
    const name = result.current;
    expect(name({ name: DEFAULT_PROJECT_NAME, is_default: true, role: 'owner', creator })).toBe(
      'Default Project',
    );
    expect(name({ name: DEFAULT_PROJECT_NAME, is_default: false, role: 'member', creator })).toBe(
      "Alice Chen's Default Project",
    );
    expect(name({ name: 'Tower B', is_default: false, role: 'member', creator })).toBe('Tower B');
    await loadLanguage('zh-CN');
    await i18n.changeLanguage('zh-CN');
    const zh = renderHook(() => useProjectName()).result.current;
    expect(zh({ name: DEFAULT_PROJECT_NAME, is_default: false, role: 'admin', creator })).toBe(
      'Alice Chen的默认项目',
    );
    await i18n.changeLanguage('en');
  });
});
