/** dxf-viewer's parsing worker, as its demo has it: the worker script calls SetupWorker only. */
import { DxfViewer } from 'dxf-viewer';

DxfViewer.SetupWorker();
