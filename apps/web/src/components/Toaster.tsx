import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { AlertTriangle, CheckCircle2, Info, RefreshCw, X, XCircle } from 'lucide-react';
import {
  removeToast,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD,
  useToasts,
  type ToastItem,
} from '../lib/toast';
import { buttonClass } from './ui/Button';

const icons = {
  success: CheckCircle2,
  error: XCircle,
  warning: AlertTriangle,
  info: Info,
  refresh: RefreshCw,
};

const iconColor: Record<ToastItem['color'], string> = {
  neutral: 'text-gray-500',
  success: 'text-emerald-600',
  error: 'text-red-600',
  warning: 'text-amber-600',
  info: 'text-brand-600',
};

function ToastView({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  const Icon = item.icon ? icons[item.icon] : null;
  return (
    <Toast.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) removeToast(item.id);
      }}
      duration={item.duration}
      className={clsx(
        'group relative flex w-full gap-3 overflow-hidden rounded-xl border border-gray-200 bg-white p-4 pr-10 shadow-lg',
        'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out',
      )}
    >
      {Icon && (
        <Icon className={clsx('mt-0.5 size-5 shrink-0', iconColor[item.color])} aria-hidden />
      )}
      <div
        className={clsx(
          'min-w-0 flex-1',
          item.orientation === 'horizontal' && 'flex items-center gap-3',
        )}
      >
        <div className="min-w-0 flex-1">
          {item.title && (
            <Toast.Title className="text-sm font-semibold text-gray-900">{item.title}</Toast.Title>
          )}
          {item.description && (
            <Toast.Description className="mt-0.5 text-sm break-words text-gray-600">
              {item.description}
            </Toast.Description>
          )}
        </div>
        {item.actions.length > 0 && (
          <div className={clsx('flex gap-2', item.orientation === 'vertical' && 'mt-3')}>
            {item.actions.map((action) => (
              <Toast.Action key={action.label} altText={action.label} asChild>
                <button
                  type="button"
                  className={buttonClass('primary', 'sm')}
                  onClick={action.onClick}
                >
                  {action.label}
                </button>
              </Toast.Action>
            ))}
          </div>
        )}
      </div>
      {item.close && (
        <Toast.Close
          aria-label={t('common.close')}
          className="absolute top-3 right-3 rounded-md p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
        >
          <X className="size-4" />
        </Toast.Close>
      )}
      {item.progress && Number.isFinite(item.duration) && (
        <div
          className="absolute inset-x-0 bottom-0 h-0.5 origin-left bg-brand-500/60 motion-reduce:hidden"
          style={{ animation: `toast-progress ${item.duration}ms linear forwards` }}
        />
      )}
    </Toast.Root>
  );
}

/** Radix Toast: bottom-right, 5000 ms, swipe 50, hotkey F8, 16 px gap, 24rem wide on larger screens. */
export function Toaster() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label={t('common.notification')}
    >
      {toasts.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
      <Toast.Viewport
        hotkey={TOAST_HOTKEY}
        label={t('common.notificationsRegion')}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-4 p-4 outline-none sm:max-w-[24rem]"
      />
    </Toast.Provider>
  );
}
