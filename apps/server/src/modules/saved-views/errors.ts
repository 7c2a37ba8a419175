import { AppError } from '../../http/errors.ts';

/** Unknown view, or one of a model the caller cannot see (never 403: no existence leak). */
export class SavedViewNotFoundError extends AppError {
  constructor(detail?: string) {
    super('SAVED_VIEW_NOT_FOUND', 404, { detail });
  }
}

export class SavedViewsLimitError extends AppError {
  constructor() {
    super('SAVED_VIEWS_LIMIT', 409);
  }
}

/** A federated view names a model that is not a ready model of the view's project. */
export class SavedViewModelsError extends AppError {
  constructor(detail?: string) {
    super('SAVED_VIEW_MODELS_INVALID', 400, { detail });
  }
}
