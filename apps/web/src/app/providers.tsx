import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { addToast, useToasts } from '../lib/toast';
import { useLatch } from '../lib/use-latch';
import { useNewVersionCheck } from '../lib/version-check';

// Radix Toast loads with the first toast, not with every page.
const Toaster = lazy(() => import('../components/Toaster').then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  const shown = useLatch(useToasts().length > 0);
  return shown ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** Watches /build/latest.json and offers a reload when a newer build is deployed. */
function NewVersionNotice() {
  const { t } = useTranslation();
  const onNewVersion = useCallback(() => {
    addToast({
      id: 'new-version',
      title: t('version.title'),
      description: t('version.description'),
      icon: 'refresh',
      color: 'info',
      duration: Infinity,
      actions: [{ label: t('version.reload'), onClick: () => window.location.reload() }],
    });
  }, [t]);
  useNewVersionCheck(onNewVersion, import.meta.env.PROD);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <DeferredToaster />
        <NewVersionNotice />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
