/**
 * The topics panel as the viewer's side panel: on the model page for members (abilities from the
 * project role), on the share page for visitors (from the share's permissions).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Model, PublicShare } from '@truss/contracts';
import { membersQuery, useMyId } from '../projects/api';
import { useCurrentProject } from '../projects/current';
import type { ModelViewerProps } from '../viewer/components/ModelViewer';
import { memberAbilities, visitorAbilities } from './abilities';
import type { TopicSource } from './api';
import { TopicsPanel } from './components/TopicsPanel';
import { useShareTopicEvents } from './realtime';

type SidePanel = NonNullable<ModelViewerProps['sidePanel']>;

/** `versionId`: the version the viewer shows, which new topics and viewpoints record. */
export function useModelTopicsPanel(
  model: Pick<Model, 'id' | 'project_id'>,
  versionId: string | null,
): SidePanel {
  const { t } = useTranslation();
  const { projects } = useCurrentProject();
  const project = projects.find((p) => p.id === model.project_id) ?? null;
  const myId = useMyId();
  const members = useQuery({ ...membersQuery(model.project_id), enabled: !!project });
  const [params] = useSearchParams();
  const openTopicId = params.get('topic');
  const abilities = useMemo(() => memberAbilities(project, myId), [project, myId]);
  const source: TopicSource = useMemo(
    () => ({
      kind: 'member',
      projectId: model.project_id,
      modelId: model.id,
      modelVersionId: versionId,
    }),
    [model.project_id, model.id, versionId],
  );
  return {
    label: t('topics.panel'),
    initiallyOpen: !!openTopicId,
    render: (viewer, info) => (
      <TopicsPanel
        viewer={viewer}
        info={info}
        source={source}
        abilities={abilities}
        members={members.data ?? []}
        openTopicId={openTopicId}
      />
    ),
  };
}

/** `live`: the share page shows the viewer (the share is live and unlocked). */
export function useShareTopicsPanel(
  token: string,
  share: PublicShare | undefined,
  live: boolean,
): SidePanel | undefined {
  const { t } = useTranslation();
  useShareTopicEvents(token, live);
  const permissions = share?.permissions;
  const abilities = useMemo(
    () => (permissions ? visitorAbilities(permissions) : null),
    [permissions],
  );
  const source: TopicSource = useMemo(() => ({ kind: 'share', token }), [token]);
  if (!abilities || !live) return undefined;
  return {
    label: t('topics.panel'),
    render: (viewer, info) => (
      <TopicsPanel viewer={viewer} info={info} source={source} abilities={abilities} />
    ),
  };
}
