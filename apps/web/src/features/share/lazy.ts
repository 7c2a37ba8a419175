/**
 * The share feature's door for what other features load on demand (`import('…/share/lazy')`):
 * the share dialog, which the models list loads when it is first opened.
 */
export { ShareModelDialog } from './components/ShareDialog';
