import { useServerEvents } from './server-events';

/** The signed-in tab's event stream (`useServerEvents`), as a component RootShell loads lazily. */
export default function ServerEvents() {
  useServerEvents();
  return null;
}
