/**
 * The viewer feature's door: what other features may use of it (the viewer workspace and its
 * engine). A file of another feature imports `features/viewer` (this file), never a file inside it
 * (eslint.config.js, featureInternals). Named re-exports only, so a page takes the modules it
 * uses and no more.
 */
export { DrawingViewer } from './components/DrawingViewer';
export { preloadPdfSheets } from './sheets/pdf-worker';
export { dropEarlySheet } from './sheets/early-sheet';
export { ModelViewer } from './components/ModelViewer';
export type { ModelViewerProps } from './components/ModelViewer';
export { TipButton } from './components/ToolbarControls';
export { SheetCompareView } from './sheets/SheetCompareView';
export { sheetFocus } from './sheets/sheet-focus';
export type { SheetBounds } from './sheets/sheet-focus';
export { ViewerWorkspace } from './components/ViewerWorkspace';
export type { PanelLayers, WorkspaceModel, WorkspaceSheets } from './components/ViewerWorkspace';
export type { LoadedModelInfo, Vec3, Viewer, Viewpoint } from './engine';
export { MODEL_PAGE_LAYOUT } from './model-page-layout';
export { useViewer } from './useViewer';
export { parseViewableBytes } from './viewable-handoff';
export type { ViewerLoadState } from './useViewerLoad';
export { useViewpointUrl } from './useViewpointUrl';
export { decodeViewpoint, encodeViewpoint } from './viewpoint-url';
