import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { MODEL_PAGE_LAYOUT } from '../../viewer';
import type { CompareVersion } from '../api';
import { VersionPicker } from './VersionPicker';

/** `from`/`to` of the URL among the ready versions, or by default the newest ready version against the one before it. */
export function pickVersions(
  ready: readonly CompareVersion[],
  from: string | null,
  to: string | null,
) {
  const byId = (id: string | null) => ready.find((v) => v.id === id) ?? null;
  const newer = byId(to) ?? ready[0] ?? null;
  const older = byId(from) ?? ready.find((v) => newer && v.number < newer.number) ?? null;
  return { from: older, to: newer };
}

/** The page's top bar: back to the model, the title and, with a choice, the version pair. */
export function CompareHeader({
  modelId,
  versions,
  from,
  to,
  onPick,
}: {
  modelId: string;
  versions: readonly CompareVersion[];
  from: CompareVersion | null;
  to: CompareVersion | null;
  onPick: (pair: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <header
      style={{ height: MODEL_PAGE_LAYOUT.headerHeight }}
      className="z-20 flex shrink-0 items-center gap-3 border-b border-gray-200 bg-white px-3"
    >
      <Link
        to={`/model/${modelId}`}
        className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm text-gray-600 hover:bg-gray-100 hover:text-gray-900"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('compare.back')}
      </Link>
      <span className="h-5 w-px bg-gray-200" aria-hidden />
      <h1 className="truncate text-sm font-semibold text-gray-900">
        {from && to
          ? t('compare.title', { from: from.number, to: to.number })
          : t('titles.compare')}
      </h1>
      {from && to && versions.length > 2 && (
        <div className="ml-auto">
          <VersionPicker versions={versions} from={from} to={to} onChange={onPick} />
        </div>
      )}
    </header>
  );
}
