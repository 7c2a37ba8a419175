/**
 * Parses a big viewable JSON (the model's metadata) off the main thread and hands it back packed
 * (packMetadata: number columns transferred, rarely read fields as text), so neither the parse
 * nor the receipt is a long task while the model streams in. One file per worker.
 */
import { packMetadata } from '@truss/viewable';
import { parseJsonBytes } from './json-bytes';

self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  let json: unknown;
  try {
    json = parseJsonBytes(event.data);
  } catch (error) {
    self.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  const { packed, transfer } = packMetadata(json);
  self.postMessage({ ok: true, packed }, { transfer });
};
