// The contracts' English error and validation texts, in the English catalogue's chunk.
export { errorTextsEn as errors, validationTextsEn as validation } from '@truss/contracts';
