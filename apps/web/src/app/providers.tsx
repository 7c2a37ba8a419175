import { useCallback, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { addToast } from '../lib/toast';
import { useNewVersionCheck } from '../lib/version-check';
import { Toaster } from '../components/Toaster';
import { TOOLTIP_DELAY_MS } from '../components/ui/Tooltip';

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
        <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
          {children}
          <Toaster />
          <NewVersionNotice />
        </Tooltip.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
