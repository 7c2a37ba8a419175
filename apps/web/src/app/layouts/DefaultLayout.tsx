import { AppFrame } from '../../frame/AppFrame';
import { PageOutlet } from '../RootShell';

/** Default layout: the app frame (sidebar, top bar) around the page. */
export function DefaultLayout() {
  return (
    <AppFrame>
      <PageOutlet />
    </AppFrame>
  );
}
