import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingBar } from '../components/LoadingBar';
import { LogoMark } from '../components/ui/Brand';
import type { PageHandle } from '../lib/routing';

/** The title of the deepest matched route that has one. */
export function usePageTitle(): string | null {
  const matches = useMatches();
  const { t } = useTranslation();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as PageHandle | undefined;
    if (handle?.title) return t(`titles.${handle.title}`);
  }
  return null;
}

/** Root shell: light gray background, at least full-screen height, the navigation loading bar. */
export function RootShell() {
  const navigation = useNavigation();
  const title = usePageTitle();
  const { t } = useTranslation();
  const product = t('app.title');

  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);

  return (
    <div className="min-h-screen bg-gray-100">
      <LoadingBar loading={navigation.state !== 'idle'} />
      <Outlet />
    </div>
  );
}

/** The page area is re-rendered when the full path changes (spec §2 root shell). */
export function PageOutlet() {
  const { pathname, search } = useLocation();
  return <Outlet key={`${pathname}${search}`} />;
}

export function RootHydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-gray-100" aria-busy="true">
      <LogoMark className="size-10 animate-pulse" />
    </div>
  );
}
