/**
 * The topics feature's door: what other features may use of it (topics (issues) and their panel in
 * the viewer). A file of another feature imports `features/topics` (this file), never a file
 * inside it (eslint.config.js, featureInternals). Named re-exports only, so a page takes the
 * modules it uses and no more.
 */
export { topicsKey } from './api';
export { OpenIssuesBadge } from './components/OpenIssuesBadge';
export {
  useDrawingTopicsPanel,
  useFederatedTopicsPanel,
  useModelTopicsPanel,
  useShareTopicsPanel,
} from './panels';
export type { FederatedSidePanel } from './panels';
export { applyTopicEvent } from './realtime';
