import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui/Dialog';
import { SHORTCUT_KEYS, type ShortcutAction } from '../shortcuts';

const LISTED: Array<Exclude<ShortcutAction, `view:${string}`>> = [
  'fit',
  'hide',
  'isolate',
  'showAll',
  'xray',
  'boxSelect',
  'projection',
  'walk',
  'measure',
  'section',
  'cancel',
  'help',
];

function Keys({ keys }: { keys: string }) {
  return (
    <span className="flex shrink-0 items-center gap-1">
      {keys.split('+').map((k) => (
        <kbd
          key={k}
          className="min-w-6 rounded-md border border-gray-300 bg-gray-50 px-1.5 py-0.5 text-center font-sans text-xs text-gray-700 shadow-xs"
        >
          {k}
        </kbd>
      ))}
    </span>
  );
}

/** The `?` overlay: every keyboard shortcut and the mouse gestures. */
export function ShortcutHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    ...LISTED.map((action): [string, string] => [
      SHORTCUT_KEYS[action],
      t(`viewer.shortcuts.${action}`),
    ]),
    ['1–7', t('viewer.shortcuts.views')],
    ['Delete', t('viewer.shortcuts.deleteMeasurement')],
  ];
  const mouse: Array<[string, string]> = [
    [t('viewer.mouse.leftDrag'), t('viewer.mouse.orbit')],
    [t('viewer.mouse.rightDrag'), t('viewer.mouse.pan')],
    [t('viewer.mouse.wheel'), t('viewer.mouse.zoom')],
    [t('viewer.mouse.click'), t('viewer.mouse.select')],
    [t('viewer.mouse.ctrlClick'), t('viewer.mouse.addToSelection')],
    [t('viewer.mouse.doubleClickTree'), t('viewer.mouse.fitElement')],
  ];
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('viewer.help.title')} size="lg">
      <div className="grid gap-6 pb-4 sm:grid-cols-2">
        <section>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">
            {t('viewer.help.keyboard')}
          </h3>
          <ul className="space-y-1.5">
            {rows.map(([keys, label]) => (
              <li
                key={keys}
                className="flex items-center justify-between gap-3 text-sm text-gray-800"
              >
                <span>{label}</span>
                <Keys keys={keys} />
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">
            {t('viewer.help.mouse')}
          </h3>
          <ul className="space-y-1.5">
            {mouse.map(([gesture, label]) => (
              <li
                key={gesture}
                className="flex items-center justify-between gap-3 text-sm text-gray-800"
              >
                <span>{label}</span>
                <span className="text-right text-xs text-gray-500">{gesture}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Modal>
  );
}
