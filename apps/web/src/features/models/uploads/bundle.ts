/**
 * Files picked together that belong together become one upload (issue 17, item 7): an OBJ with
 * its MTL and textures, a glTF with its .bin and images, a 3DS with its textures. The browser
 * zips them (fflate, loaded only when needed) and names the model after the main file, as if
 * the person had zipped them by hand. A companion picked without its main file is refused.
 */

/** Formats whose file points at other files by name. */
const HOST_EXTENSIONS = ['obj', 'gltf', '3ds'] as const;
/** Files that only make sense next to a host: materials, buffers, textures. */
const COMPANION_EXTENSIONS = [
  'mtl',
  'bin',
  'png',
  'jpg',
  'jpeg',
  'bmp',
  'gif',
  'tga',
  'tif',
  'tiff',
  'webp',
  'dds',
  'ktx2',
] as const;

export interface UploadSource {
  /** What is sent: the picked file, or the zip of a host and its companions. */
  file: File;
  /** The model's name when it differs from the file's (tus metadata modelName). */
  modelName: string | null;
}

type UploadPlan =
  | {
      ok: true;
      parts: ({ kind: 'file'; file: File } | { kind: 'bundle'; host: File; companions: File[] })[];
    }
  /** Only companions: nothing to make a model of. */
  | { ok: false; reason: 'COMPANIONS_ONLY'; names: string[] };

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

const isHost = (file: File) =>
  (HOST_EXTENSIONS as readonly string[]).includes(extension(file.name));
const isCompanion = (file: File) =>
  (COMPANION_EXTENSIONS as readonly string[]).includes(extension(file.name));

/**
 * Which uploads a pick makes. Without companions every file goes alone. With them, each host
 * goes with every companion of the pick (the converter uses the ones the host names); other
 * models still go alone.
 */
export function planUploads(files: readonly File[]): UploadPlan {
  const companions = files.filter(isCompanion);
  if (companions.length === 0) {
    return { ok: true, parts: files.map((file) => ({ kind: 'file' as const, file })) };
  }
  const hosts = files.filter(isHost);
  if (hosts.length === 0) {
    return { ok: false, reason: 'COMPANIONS_ONLY', names: companions.map((f) => f.name) };
  }
  return {
    ok: true,
    parts: files
      .filter((file) => !isCompanion(file))
      .map((file) =>
        isHost(file)
          ? { kind: 'bundle' as const, host: file, companions }
          : { kind: 'file' as const, file },
      ),
  };
}

/** Zips a host with its companions into `<host name without extension>.zip`. */
export async function bundleFiles(host: File, companions: readonly File[]): Promise<File> {
  const { zipSync } = await import('fflate');
  const entries: Record<string, [Uint8Array, { mtime: number }]> = {};
  for (const file of [host, ...companions]) {
    // The files' own dates keep the zip's bytes the same for the same pick (tus resumes it).
    entries[file.name] = [new Uint8Array(await file.arrayBuffer()), { mtime: file.lastModified }];
  }
  const zipped = zipSync(entries, { level: 1 });
  const base = host.name.replace(/\.[^.]+$/, '') || host.name;
  return new File([zipped], `${base}.zip`, {
    type: 'application/zip',
    lastModified: Math.max(host.lastModified, ...companions.map((f) => f.lastModified)),
  });
}

/** The files to upload for a plan (bundles zipped). */
export async function uploadSources(
  plan: Extract<UploadPlan, { ok: true }>,
): Promise<UploadSource[]> {
  return Promise.all(
    plan.parts.map(async (part) =>
      part.kind === 'file'
        ? { file: part.file, modelName: null }
        : { file: await bundleFiles(part.host, part.companions), modelName: part.host.name },
    ),
  );
}
