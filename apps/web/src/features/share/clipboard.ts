/**
 * Writes `text` to the clipboard. Throws when the browser refuses (no permission, an insecure
 * origin without navigator.clipboard, an embedded frame without the clipboard-write policy): the
 * caller then shows the spec's "Copy Failed, copy the link manually" with the text selected.
 */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) {
    throw new Error('The clipboard is not available here');
  }
  await navigator.clipboard.writeText(text);
}
