/**
 * The stored layout of a viewable: the files kept in one folder per conversion. The metadata is
 * kept once, brotli-compressed: served as stored to clients that accept `br` (every browser), and
 * decoded (or re-encoded as gzip) on the fly for the others.
 *
 * The model is kept twice: as is (for Range requests and clients without brotli) and as
 * `model.glb.br`, about half the bytes, sent as stored to browsers. Folders converted before
 * the brotli copy existed have only `model.glb` and are served as they are.
 *
 * Layouts written before this one held three copies of the metadata (`metadata.json`,
 * `metadata.json.gz` and `metadata.json.br`, all of the same JSON): their `.br` copy is this
 * layout's file, so they read as they are and the two other copies are only left-over bytes.
 */
export const VIEWABLE_FILES = {
  glb: {
    name: 'model.glb',
    contentType: 'model/gltf-binary',
    compressed: { name: 'model.glb.br', encoding: 'br' },
  },
  metadata: { name: 'metadata.json.br', contentType: 'application/json', encoding: 'br' },
  thumbnail: { name: 'thumbnail.png', contentType: 'image/png' },
} as const;

export type ViewableFile = keyof typeof VIEWABLE_FILES;
