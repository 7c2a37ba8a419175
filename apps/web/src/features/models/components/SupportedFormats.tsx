import { useTranslation } from 'react-i18next';

/**
 * File extensions the converter opens (DESIGN.md "Formats"). Only a hint for the file picker and
 * for people: the server decides by the file's content.
 */
export const ACCEPTED_EXTENSIONS = [
  '.ifc',
  '.ifczip',
  '.glb',
  '.gltf',
  '.obj',
  '.mtl',
  '.stl',
  '.ply',
  '.fbx',
  '.dae',
  '.3mf',
  '.3ds',
  '.off',
  '.stp',
  '.step',
  '.igs',
  '.iges',
  '.brep',
  '.3dm',
  '.zip',
  '.pdf',
  '.dxf',
  '.dwg',
] as const;

export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

export function SupportedFormats() {
  const { t } = useTranslation();
  return (
    <div className="max-w-lg">
      <p className="mb-2 text-xs font-medium tracking-wide text-gray-500 uppercase">
        {t('models.formatsTitle')}
      </p>
      <ul className="flex flex-wrap justify-center gap-1.5" aria-label={t('models.formatsTitle')}>
        {ACCEPTED_EXTENSIONS.map((ext) => (
          <li
            key={ext}
            className="rounded-md bg-gray-100 px-2 py-0.5 font-mono text-xs text-gray-700"
          >
            {ext}
          </li>
        ))}
      </ul>
    </div>
  );
}
