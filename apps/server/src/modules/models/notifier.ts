import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import type { DataAccess } from '../../repositories.ts';
import type { ModelsRepositories } from './repositories.ts';
import type { NotificationPolicy } from '../users/index.ts';
import { modelProcessedMail } from './mail.ts';
import { userAccounts } from '../users/index.ts';
import { projectRows } from '../projects/index.ts';

interface ModelNotifierDeps {
  data: DataAccess<ModelsRepositories>;
  mailer: Mailer;
  notifications: Pick<NotificationPolicy, 'allows'>;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** What the conversion job calls once a conversion has finished (after its commit). */
export interface ConversionNotifier {
  conversionFinished(modelId: string, status: 'ready' | 'failed'): Promise<void>;
}

/**
 * The `model_processed` mail to whoever uploaded the model. Never throws: the conversion's result
 * is committed and shown in the app either way, so a mail that cannot be sent is only logged.
 */
export class ModelProcessedNotifier implements ConversionNotifier {
  readonly #d: ModelNotifierDeps;

  constructor(deps: ModelNotifierDeps) {
    this.#d = deps;
  }

  async conversionFinished(modelId: string, status: 'ready' | 'failed'): Promise<void> {
    const { data, notifications, log } = this.#d;
    try {
      // Read again: the model may have been trashed, deleted or queued again meanwhile.
      const model = await data.repos.models.findById(modelId);
      if (!model || model.deleted_at || model.status !== status || !model.created_by) return;
      if (!(await notifications.allows(model.created_by, 'model_processed'))) return;
      const uploader = await userAccounts(data.repos).findById(model.created_by);
      const project = await projectRows(data.repos).findAccess(model.project_id, model.created_by);
      // An uploader who has left the project could not open the link; one without an email
      // address (a WeChat sign-up) gets no mail.
      if (!uploader?.email || !project?.role) return;
      await this.#d.mailer.send(
        modelProcessedMail({
          to: uploader.email,
          locale: uploader.language,
          modelId: model.id,
          modelName: model.name,
          projectId: project.id,
          projectName: project.name,
          outcome:
            status === 'ready' ? { status } : { status, failureCode: model.failure_code ?? null },
          publicUrl: this.#d.publicUrl,
        }),
      );
    } catch (error) {
      log.error(
        { err: error, model: modelId, status },
        'could not mail that a model was processed',
      );
    }
  }
}
