/**
 * The topics panel as the viewer's side panel: on the model page and the federated page for
 * members (abilities from the project role), on the share page for visitors (from the share's
 * permissions).
 */
import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { can, type Model, type ProjectMember, type PublicShare } from '@truss/contracts';
import { actorFor, membersQuery, useMyId, useCurrentProject } from '../projects';
import type { LoadedModelInfo, Viewer, ModelViewerProps } from '../viewer';
import { memberAbilities, visitorAbilities } from './abilities';
import type { TopicSource } from './api';
import { SheetTopicsPanel } from './components/SheetTopicsPanel';
import { TopicsPanel } from './components/TopicsPanel';
import { markupLayers, readOnlyMarkupLayers } from './markup/layers';
import { useShareTopicEvents } from './realtime';
import { framedModel } from './viewstate';

type SidePanel = NonNullable<ModelViewerProps['sidePanel']>;

/** What a member may do with the project's topics, its members, and `?topic=` of the URL. */
function useMemberTopics(projectId: string) {
  const { projects } = useCurrentProject();
  const project = projects.find((p) => p.id === projectId) ?? null;
  const myId = useMyId();
  // A guest may not list members (403): names then come from the topics alone.
  const seeMembers = !!project && can(actorFor(project, myId), 'member.list');
  const members = useQuery({ ...membersQuery(projectId), enabled: seeMembers });
  const [params] = useSearchParams();
  const abilities = useMemo(() => memberAbilities(project, myId), [project, myId]);
  const openTopicId = params.get('topic');
  const list = members.data;
  return useMemo(
    () => ({ abilities, members: list ?? [], openTopicId }),
    [abilities, list, openTopicId],
  );
}

/** `versionId`: the version the viewer shows, which new topics and viewpoints record. */
export function useModelTopicsPanel(
  model: Pick<Model, 'id' | 'project_id'>,
  versionId: string | null,
): SidePanel {
  const { t } = useTranslation();
  const member = useMemberTopics(model.project_id);
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
    initiallyOpen: !!member.openTopicId,
    render: (viewer, info) => (
      <TopicsPanel viewer={viewer} info={info} source={source} {...member} />
    ),
    layers: markupLayers,
  };
}

/** A drawing's issues beside its sheets: pins on sheets and markup, no 3D. */
export function useDrawingTopicsPanel(model: Pick<Model, 'id' | 'project_id'>): SidePanel {
  const { t } = useTranslation();
  const member = useMemberTopics(model.project_id);
  const source: TopicSource = useMemo(
    () => ({ kind: 'member', projectId: model.project_id, modelId: model.id }),
    [model.project_id, model.id],
  );
  return {
    label: t('topics.panel'),
    initiallyOpen: true,
    render: () => <SheetTopicsPanel source={source} {...member} />,
    layers: markupLayers,
  };
}

/** The federated page's side panel: `render` gets the models loaded so far, by model id. */
export interface FederatedSidePanel {
  label: string;
  initiallyOpen?: boolean;
  render: (viewer: Viewer | null, infos: Readonly<Record<string, LoadedModelInfo>>) => ReactNode;
}

/** The topics of every model of the federated page (in the page's order, with their names). */
export function useFederatedTopicsPanel(
  projectId: string,
  models: readonly { id: string; name: string }[],
): FederatedSidePanel {
  const { t } = useTranslation();
  const member = useMemberTopics(projectId);
  const key = models.map((m) => `${m.id}:${m.name}`).join('\n');
  // Stable while the list is the same (the page builds it on every render).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const shown = useMemo(() => models, [key]);
  const source: TopicSource = useMemo(
    () => ({ kind: 'member', projectId, modelIds: shown.map((m) => m.id) }),
    [projectId, shown],
  );
  return {
    label: t('topics.panel'),
    initiallyOpen: !!member.openTopicId,
    render: (viewer, infos) => (
      <FederatedTopics viewer={viewer} infos={infos} models={shown} source={source} {...member} />
    ),
  };
}

function FederatedTopics({
  infos,
  models,
  ...rest
}: Omit<Parameters<typeof TopicsPanel>[0], 'info' | 'scene'> & {
  infos: Readonly<Record<string, LoadedModelInfo>>;
  models: readonly { id: string; name: string }[];
}) {
  // Once every model is in: a topic's components may be in any of them.
  const scene = useMemo(() => {
    if (!models.every((m) => infos[m.id])) return null;
    return {
      models: models.map((m) => framedModel(infos[m.id]!, m.id)),
      names: Object.fromEntries(models.map((m) => [m.id, m.name])),
    };
  }, [infos, models]);
  return <TopicsPanel {...rest} info={null} scene={scene} />;
}

/**
 * `live`: the share page shows the viewer (the share is live and unlocked). `drawing`: a shared
 * drawing, whose issues are pinned on its sheets (no 3D). A visitor with issue rights draws
 * markup with the members' tools; one without sees the topics' markup and pins only.
 */
export function useShareTopicsPanel(
  token: string,
  share: PublicShare | undefined,
  live: boolean,
  drawing = false,
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
    initiallyOpen: drawing,
    render: (viewer, info) =>
      drawing ? (
        <SheetTopicsPanel source={source} abilities={abilities} members={NO_MEMBERS} />
      ) : (
        <TopicsPanel viewer={viewer} info={info} source={source} abilities={abilities} />
      ),
    layers: abilities.createIssue ? markupLayers : readOnlyMarkupLayers,
  };
}

/** A visitor sees no member list (names come from the topics). */
const NO_MEMBERS: readonly ProjectMember[] = [];
