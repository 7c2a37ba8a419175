/**
 * The element-queries feature's door: what other features may use of it (saved element queries
 * (find elements by their properties)). A file of another feature imports `features/element-
 * queries` (this file), never a file inside it (eslint.config.js, featureInternals). Named re-
 * exports only, so a page takes the modules it uses and no more.
 */
export { FindElementsButton } from './components/FindElementsButton';
export { savedQueryAbilities } from './permissions';
export type { SavedQueryAbilities } from './permissions';
