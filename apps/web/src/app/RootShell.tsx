import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingBar } from '../components/LoadingBar';
import { LogoMark } from '../components/ui/Brand';
import type { PageHandle } from '../lib/routing';
import { useAuth } from '../lib/auth-store';
import { signInPath } from '../lib/navigation';
import { isOpenRoute } from './guard';
import { useDocumentTitleOverride } from '../lib/document-title';
import { useLimitPrompt } from '../lib/limit-prompt';
import { useLatch } from '../lib/use-latch';
import { removeEarlyOutline } from '../boot/outline/early-outline';

// Loaded when needed, not with every page: the event stream's handlers (and the schemas they
// check events with) once signed in, the upgrade prompt the first time a plan limit is hit.
const ServerEvents = lazy(() => import('../events/ServerEvents'));
const UpgradePrompt = lazy(() =>
  import('../features/subscription/components/UpgradePrompt').then((m) => ({
    default: m.UpgradePrompt,
  })),
);

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

/**
 * When the session ends while a signed-in page is open (signed out in another tab, refresh token
 * revoked), leave the page for sign-in, coming back here afterwards.
 */
function useLeaveWhenSignedOut(): void {
  const signedIn = useAuth((s) => s.isAuthenticated);
  const wasSignedIn = useRef(signedIn);
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const ended = wasSignedIn.current && !signedIn;
    wasSignedIn.current = signedIn;
    if (!ended) return;
    const name = (matches[matches.length - 1]?.handle as PageHandle | undefined)?.name;
    if (name && !isOpenRoute(name)) {
      navigate(signInPath(`${location.pathname}${location.search}${location.hash}`), {
        replace: true,
      });
    }
  }, [signedIn, matches, location, navigate]);
}

/** Root shell: light gray background, at least full-screen height, the navigation loading bar. */
export function RootShell() {
  useLeaveWhenSignedOut();
  // The first page is on screen: the plain-DOM outline drawn before the app goes (main.tsx).
  useEffect(removeEarlyOutline, []);
  const signedIn = useAuth((s) => s.isAuthenticated);
  const upgradePrompt = useLatch(useLimitPrompt() !== null);
  const navigation = useNavigation();
  const routeTitle = usePageTitle();
  const title = useDocumentTitleOverride() ?? routeTitle;
  const { t } = useTranslation();
  const product = t('app.title');

  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);

  return (
    <div className="min-h-screen bg-gray-100">
      <LoadingBar loading={navigation.state !== 'idle'} />
      <Outlet />
      <Suspense fallback={null}>
        {signedIn && <ServerEvents />}
        {upgradePrompt && <UpgradePrompt />}
      </Suspense>
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
