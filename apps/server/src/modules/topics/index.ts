import type { onRequestAsyncHookHandler } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { TopicsRepositories } from './repositories.ts';
import type { EventPublisher, EventStreams } from '../events/index.ts';
import type { ObjectStorage } from '../storage/index.ts';
import type { NotificationPolicy } from '../users/index.ts';
import type { ProjectDeletionListener } from '../projects/index.ts';
import type { RegisterModule } from '../module.ts';
import { AttachmentCleanup } from './attachments/cleanup.ts';
import { attachmentKeys } from './attachments/files.ts';
import { attachmentRoutes, visitorAttachmentRoutes } from './attachments/routes.ts';
import { AttachmentsService, type AttachmentPlans } from './attachments/service.ts';
import { MarkupSnapshots } from './bcf/markup-snapshots.ts';
import { BcfReader } from './bcf/reader.ts';
import { bcfRoutes } from './bcf/routes.ts';
import { BcfService } from './bcf/service.ts';
import { ElementIndex } from './element-index.ts';
import { topicReportRoutes } from './report/routes.ts';
import { TopicReportService } from './report/service.ts';
import { TopicNotifier } from './notifier.ts';
import { topicsRoutes } from './routes.ts';
import { TopicsService } from './service.ts';
import { SheetCatalog } from './sheet-catalog.ts';
import { TopicPictures } from './topic-pictures.ts';
import { VisitorTopicsService } from './visitor-service.ts';
import { visitorTopicsRoutes, type ShareVisitorGate } from './visitor-routes.ts';

export { BcfService } from './bcf/service.ts';
export { TopicsService } from './service.ts';
export { TopicNotifier } from './notifier.ts';
export { createTopicsRepositories, type TopicsRepositories } from './repositories.ts';
export type { ShareVisitorGate } from './visitor-routes.ts';
export type { AttachmentPlans } from './attachments/service.ts';
export type { VisitorShare } from './visitor-service.ts';

export interface TopicsModuleDeps {
  data: DataAccess<TopicsRepositories>;
  events: EventPublisher;
  /** Share pages' event streams open here. */
  streams: EventStreams;
  requireAuth: onRequestAsyncHookHandler;
  /** The shares module's check of a visitor's share for one request. */
  shareGate: ShareVisitorGate;
  /**
   * Where models' metadata lives (BCF components are matched against their GlobalIds) and
   * where attachments' bytes are kept.
   */
  storage: ObjectStorage;
  /** The plan of a project's owner: the size of one attachment, room in its storage. */
  attachmentPlans: AttachmentPlans;
  mailer: Mailer;
  notifications: Pick<NotificationPolicy, 'allows'>;
  /** Base of the links in notification mails. */
  publicUrl: string;
  now: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Topic notification mails (tests flush them after moving the clock). */
    topicNotifier: TopicNotifier;
  }
}

/** Topics (comment threads and issues), their comments and viewpoints, for members and share visitors. */
export const register: RegisterModule<
  TopicsModuleDeps,
  {
    topics: TopicsService;
    bcf: BcfService;
    /** Removes a deleted project's attachment files (the projects module calls it). */
    attachmentsDeletion: ProjectDeletionListener;
  }
> = async (app, deps) => {
  const notifier = new TopicNotifier({
    data: deps.data,
    mailer: deps.mailer,
    notifications: deps.notifications,
    publicUrl: deps.publicUrl,
    now: deps.now,
    log: app.log,
    pictures: new TopicPictures(deps.data, new MarkupSnapshots(deps.storage), app.log),
  });
  notifier.start();
  app.addHook('onClose', () => notifier.stop());
  app.decorate('topicNotifier', notifier);
  const attachmentCleanup = new AttachmentCleanup(deps.storage, app.log);
  const topics = new TopicsService({
    data: deps.data,
    events: deps.events,
    now: deps.now,
    log: app.log,
    notifier,
    attachmentCleanup,
    sheets: new SheetCatalog(deps.storage),
  });
  const visitors = new VisitorTopicsService({ topics, data: deps.data, now: deps.now });
  const reader = new BcfReader(app.log);
  app.addHook('onClose', () => reader.close());
  const elements = new ElementIndex(deps.storage, app.log);
  const bcf = new BcfService({
    data: deps.data,
    events: deps.events,
    elements,
    storage: deps.storage,
    plans: deps.attachmentPlans,
    reader,
    now: deps.now,
    log: app.log,
  });
  await app.register(topicsRoutes, { topics, requireAuth: deps.requireAuth });
  await app.register(bcfRoutes, { bcf, requireAuth: deps.requireAuth });
  const reports = new TopicReportService({
    data: deps.data,
    now: deps.now,
    elements,
    thumbnail: async (row) =>
      Buffer.concat(await (await deps.storage.get(attachmentKeys.thumbnail(row))).toArray()),
  });
  await app.register(topicReportRoutes, { reports, requireAuth: deps.requireAuth });
  await app.register(visitorTopicsRoutes, {
    visitors,
    gate: deps.shareGate,
    streams: deps.streams,
  });
  const attachments = new AttachmentsService({
    data: deps.data,
    storage: deps.storage,
    plans: deps.attachmentPlans,
    topics,
    visitors,
    cleanup: attachmentCleanup,
    now: deps.now,
  });
  await app.register(attachmentRoutes, { attachments, requireAuth: deps.requireAuth });
  await app.register(visitorAttachmentRoutes, { attachments, gate: deps.shareGate });
  const attachmentsDeletion: ProjectDeletionListener = {
    beforeProjectDelete:
      async ({ projectId }) =>
      () =>
        attachmentCleanup.project(projectId),
  };
  return { topics, bcf, attachmentsDeletion };
};
