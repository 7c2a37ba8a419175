import { useServerEvents } from '../realtime';

/** The signed-in tab's event stream (`useServerEvents`), as a component RootShell loads lazily. */
export default function ServerEvents() {
  useServerEvents();
  return null;
}
