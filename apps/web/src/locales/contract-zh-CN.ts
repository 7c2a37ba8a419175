// The contracts' Chinese error and validation texts, in the Chinese catalogue's chunk.
export { errorTextsZh as errors, validationTextsZh as validation } from '@truss/contracts';
