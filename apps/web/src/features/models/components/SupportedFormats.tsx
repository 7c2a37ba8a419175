import { useTranslation } from 'react-i18next';

/** The formats the converter is being built for (DESIGN.md), so people can prepare their files. */
export const SUPPORTED_FORMATS = [
  'IFC',
  'IFCZIP',
  'glTF / GLB',
  'OBJ',
  'STL',
  'PLY',
  'FBX',
  'DAE',
  '3MF',
  '3DS',
  'STEP',
  'IGES',
  '3DM',
];

export function SupportedFormats() {
  const { t } = useTranslation();
  return (
    <div className="max-w-lg">
      <p className="mb-2 text-xs font-medium tracking-wide text-gray-500 uppercase">
        {t('models.formatsTitle')}
      </p>
      <ul className="flex flex-wrap justify-center gap-1.5" aria-label={t('models.formatsTitle')}>
        {SUPPORTED_FORMATS.map((format) => (
          <li
            key={format}
            className="rounded-md bg-gray-100 px-2 py-0.5 font-mono text-xs text-gray-700"
          >
            {format}
          </li>
        ))}
      </ul>
    </div>
  );
}
