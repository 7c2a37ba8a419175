export { CUT_HEIGHT, storeyPlans, type StoreyPlans } from './storey-plans.ts';
