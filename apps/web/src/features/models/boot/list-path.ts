/** The models list's path (without a project: the current one), where the early parts start. */
export const MODELS_LIST_PATH = /^\/models\/?$/;
