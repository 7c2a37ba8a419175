import { useCallback, useState, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { Button, type ButtonProps, type ButtonVariant } from '../../components/ui/Button';
import { FormAlert } from '../../components/ui/Field';

function focused(): HTMLElement | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * For a Radix dialog opened from app state rather than its Trigger: Radix would hand the focus
 * back to nothing (the body) on close. This remembers what had the focus when `open` turned
 * true, read while rendering, before a field inside takes it with autoFocus, and gives it back
 * on close (WCAG 2.4.3), unless that control is gone.
 */
export function useReturnFocus(open: boolean) {
  const [wasOpen, setWasOpen] = useState(open);
  const [opener, setOpener] = useState<HTMLElement | null>(() => (open ? focused() : null));
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focused());
  }
  return {
    onCloseAutoFocus: (event: Event) => {
      if (opener?.isConnected) {
        event.preventDefault();
        opener.focus();
      }
    },
  };
}

/**
 * The dialog's scrolling body. While its content overflows it takes a Tab stop, so keyboard
 * users can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable) when nothing inside is
 * focusable.
 */
function ModalBody({ children }: { children: ReactNode }) {
  const [overflows, setOverflows] = useState(false);
  const observe = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={observe}
      tabIndex={overflows ? 0 : undefined}
      className="min-h-0 flex-1 overflow-y-auto px-5 py-2 sm:px-6"
    >
      {children}
    </div>
  );
}

/**
 * A modal dialog: title, optional description, body and a footer of actions. On phones it sits
 * at the bottom of the screen at full width, on wider screens in the centre.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  icon,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-gray-900/40 backdrop-blur-[1px] data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...returnFocus}
          className={clsx(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-2xl bg-white shadow-2xl outline-none data-[state=open]:animate-dialog-in',
            'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[85vh] sm:w-[calc(100vw-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
            size === 'sm' && 'sm:max-w-md',
            size === 'md' && 'sm:max-w-lg',
            size === 'lg' && 'sm:max-w-2xl',
          )}
        >
          <div className="flex items-start gap-3 px-5 pt-5 pb-3 sm:px-6">
            {icon}
            <div className="min-w-0 flex-1 pr-6">
              <RadixDialog.Title className="text-lg font-semibold text-gray-900">
                {title}
              </RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm leading-6 text-gray-600">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              aria-label={t('common.close')}
              className="absolute top-4 right-4 rounded-lg p-1.5 text-gray-400 hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="size-5" />
            </RadixDialog.Close>
          </div>
          {children && <ModalBody>{children}</ModalBody>}
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-gray-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * A dialog footer's Cancel and main action. While `pending`, Cancel is disabled and the action
 * shows its spinner; the other props (variant, disabled, a form to submit…) go to the action.
 */
export function DialogActions({
  onCancel,
  pending,
  children,
  ...action
}: ButtonProps & { onCancel: () => void; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        {t('common.cancel')}
      </Button>
      <Button loading={pending} {...action}>
        {children}
      </Button>
    </>
  );
}

/** "Are you sure?" with one action; the action's error is shown in the dialog. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  error,
  variant = 'danger',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  error?: string | null | undefined;
  variant?: ButtonVariant;
  children?: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={!!pending}
          variant={variant}
          onClick={onConfirm}
        >
          {confirmLabel}
        </DialogActions>
      }
    >
      {(error || children) && (
        <div className="space-y-3 pb-2">
          {error && <FormAlert>{error}</FormAlert>}
          {children}
        </div>
      )}
    </Modal>
  );
}
