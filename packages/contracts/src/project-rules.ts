/** Project facts without schemas (no zod: see plan-rules.ts). */
export const DEFAULT_PROJECT_NAME = 'Default Project';
export const PROJECT_NAME_MAX_LENGTH = 100;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 1000;
