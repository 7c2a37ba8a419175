import { AppError } from '../../http/errors.ts';

export class QueryTooDeepError extends AppError {
  constructor() {
    super('QUERY_TOO_DEEP', 400);
  }
}

export class QueryTooManyConditionsError extends AppError {
  constructor() {
    super('QUERY_TOO_MANY_CONDITIONS', 400);
  }
}

/** `<` or `>` on type, name or storey. */
export class QueryOperatorInvalidError extends AppError {
  constructor(detail?: string) {
    super('QUERY_OPERATOR_INVALID', 400, { detail });
  }
}

/** A condition without the value its operator needs (a number for `<` and `>`). */
export class QueryValueInvalidError extends AppError {
  constructor(detail?: string) {
    super('QUERY_VALUE_INVALID', 400, { detail });
  }
}

/** Unknown query, or one of a project the caller cannot see (never 403: no existence leak). */
export class SavedQueryNotFoundError extends AppError {
  constructor(detail?: string) {
    super('SAVED_QUERY_NOT_FOUND', 404, { detail });
  }
}

/** A saved query names a model that is not (or no longer) a model of the query's project. */
export class SavedQueryModelsError extends AppError {
  constructor(detail?: string) {
    super('SAVED_QUERY_MODELS_INVALID', 400, { detail });
  }
}

export class SavedQueriesLimitError extends AppError {
  constructor() {
    super('SAVED_QUERIES_LIMIT', 409);
  }
}
