import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Eye, Layers } from 'lucide-react';
import type { ModelMetadata } from '@truss/viewable';
import { menuContentClass, menuItemClass } from '../../../shared/ui/LanguageSwitcher';
import type { Viewer } from '../engine';
import { subtreeIds, type ElementTree } from '../tree';

/** Elevation in metres as a drawing writes it ("+3.000 m"). */
function formatElevation(metres: number): string {
  const sign = metres > 0 ? '+' : metres < 0 ? '−' : '±';
  return `${sign}${Math.abs(metres).toFixed(3)} m`;
}

/** Storey quick isolation: pick a storey to see only it, or show everything again. */
export function StoreyMenu({
  viewer,
  metadata,
  tree,
}: {
  viewer: Viewer;
  metadata: ModelMetadata;
  tree: ElementTree;
}) {
  const { t } = useTranslation();
  const storeys = [...metadata.storeys].sort(
    (a, b) => (b.elevation ?? -Infinity) - (a.elevation ?? -Infinity),
  );
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex h-7 items-center gap-1 rounded-md px-2 font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600">
        <Layers className="size-3.5" aria-hidden />
        {t('viewer.storeys.title')}
        <ChevronDown className="size-3.5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className={`${menuContentClass} max-h-80 overflow-y-auto`}
        >
          <DropdownMenu.Label className="px-2.5 py-1.5 text-xs text-gray-500">
            {t('viewer.storeys.isolate')}
          </DropdownMenu.Label>
          {storeys.map((storey) => (
            <DropdownMenu.Item
              key={storey.id}
              className={menuItemClass}
              onSelect={() => {
                const ids = subtreeIds(tree, storey.id);
                viewer.visibility.isolate(ids);
                viewer.navigation.fitElements(ids, true);
              }}
            >
              <span className="min-w-0 flex-1 truncate">
                {storey.name || t('viewer.storeys.unnamed')}
              </span>
              {storey.elevation !== null && (
                <span className="text-xs text-gray-500 tabular-nums">
                  {formatElevation(storey.elevation)}
                </span>
              )}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
          <DropdownMenu.Item className={menuItemClass} onSelect={() => viewer.visibility.showAll()}>
            <Eye className="size-4" aria-hidden />
            {t('viewer.actions.showAll')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
