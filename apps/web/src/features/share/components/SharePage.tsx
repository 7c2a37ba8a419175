import type { ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { PublicShare } from '@truss/contracts';
import { Brand } from '../../../components/ui/Brand';
import { buttonClass } from '../../../components/ui/Button';
import { DeferredLanguageSwitcher } from '../../../components/ui/DeferredLanguageSwitcher';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { useAuth } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/errors';
import { ApiError } from '../../../lib/http';
import { publicShareQuery } from '../api';
import { ShareCodePrompt } from './ShareCodePrompt';
import {
  ShareAccessDenied,
  ShareLoadError,
  SharedModelState,
  ShareNotFound,
  ShareSignIn,
} from './ShareStates';
import { useShareTopicsPanel } from '../../topics';
import { SharedDrawing } from './SharedDrawing';
import { SharedViewer } from './SharedViewer';
import { useDocumentTitle } from '../../../lib/document-title';
import { TooltipProvider } from '../../../shared/ui/Tooltip';

const PROCESSING_POLL_MS = 5000;

/** What the page shows for the server's answer. */
export function shareView(
  share: PublicShare | undefined,
  error: unknown,
):
  | 'loading'
  | 'not-found'
  | 'sign-in'
  | 'denied'
  | 'error'
  | 'code'
  | 'processing'
  | 'unavailable'
  | 'unknown'
  | 'viewer' {
  if (error) {
    const code = error instanceof ApiError ? error.code : null;
    if (code === 'SHARE_NOT_FOUND') return 'not-found';
    if (code === 'SHARE_SIGN_IN_REQUIRED') return 'sign-in';
    if (code === 'FORBIDDEN') return 'denied';
    return 'error';
  }
  if (!share) return 'loading';
  if (share.needs_code && !share.unlocked) return 'code';
  const model = share.model;
  if (!model) return 'unknown';
  if (model.status === 'processing') return 'processing';
  if (model.status === 'failed' || model.status === 'unavailable') return 'unavailable';
  // A 3D model by its viewable, a drawing (PDF, DXF, DWG) by its sheets.
  if (model.status === 'ready' && (model.viewable_url || model.sheets_url)) return 'viewer';
  return 'unknown';
}

/** The slim header of a shared model: product, model name, download if allowed, language. */
function ShareHeader({ share }: { share: PublicShare | undefined }) {
  const { t } = useTranslation();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const model = share?.unlocked ? share.model : null;
  return (
    <header className="z-30 shrink-0 border-b border-gray-200 bg-white">
      <div className="flex h-14 items-center gap-3 px-3 sm:px-4">
        <Brand />
        {model && (
          <>
            <span className="h-5 w-px bg-gray-200" aria-hidden />
            <p
              className="min-w-0 flex-1 truncate text-sm font-medium text-gray-900"
              title={model.name}
            >
              {model.name}
            </p>
          </>
        )}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {model?.original_url && share?.permissions.download && (
            <a href={model.original_url} download className={buttonClass('secondary', 'sm')}>
              <Download className="size-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">{t('share.page.download')}</span>
            </a>
          )}
          <DeferredLanguageSwitcher compact />
          {signedIn ? (
            <Link to="/models" className={buttonClass('ghost', 'sm', 'hidden sm:inline-flex')}>
              {t('landing.goToModels')}
            </Link>
          ) : (
            <Link to="/signin" className={buttonClass('ghost', 'sm', 'hidden sm:inline-flex')}>
              {t('auth.signIn')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex flex-1 items-center justify-center p-4 sm:p-8">{children}</div>;
}

/**
 * /share/{token}: the public shared-model page. `?embed=1` (the page inside someone's
 * `<iframe>`) drops the header and shows only the viewer, or the code prompt when needed.
 */
export default function SharePage() {
  return (
    <TooltipProvider>
      <SharePageContent />
    </TooltipProvider>
  );
}

function SharePageContent() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const embed = search.get('embed') === '1';
  const query = useQuery({
    ...publicShareQuery(token),
    refetchInterval: (q) =>
      q.state.data?.model?.status === 'processing' ? PROCESSING_POLL_MS : false,
  });
  const share = query.data;
  // A failed refetch (the share was disabled meanwhile) wins over the data from before.
  const view = shareView(share, query.error);
  useDocumentTitle(view === 'not-found' ? null : share?.model?.name);
  const drawing = !share?.model?.viewable_url && !!share?.model?.sheets_url;
  const topicsPanel = useShareTopicsPanel(token, share, view === 'viewer', drawing);

  let body: ReactNode;
  switch (view) {
    case 'loading':
      body = <LoadingBlock label={t('common.loading')} />;
      break;
    case 'not-found':
      body = <ShareNotFound />;
      break;
    case 'sign-in':
      body = <ShareSignIn returnTo={`${location.pathname}${location.search}`} />;
      break;
    case 'denied':
      body = <ShareAccessDenied />;
      break;
    case 'error':
      body = (
        <ShareLoadError
          message={errorMessage(query.error, t)}
          onRetry={() => void query.refetch()}
        />
      );
      break;
    case 'code':
      body = (
        <ShareCodePrompt
          token={token}
          locked={!!share?.code_locked}
          onGone={() => void query.refetch()}
        />
      );
      break;
    case 'processing':
    case 'unavailable':
    case 'unknown':
      body = <SharedModelState state={view} />;
      break;
    case 'viewer':
      break;
  }

  return (
    <div className="flex h-dvh flex-col bg-gray-100" data-share-view={view}>
      {!embed && <ShareHeader share={share} />}
      {view === 'viewer' && share?.model ? (
        <main className="relative min-h-0 flex-1">
          {share.model.viewable_url ? (
            <SharedViewer
              key={share.model.urn}
              token={token}
              model={share.model}
              viewableUrl={share.model.viewable_url}
              embed={embed}
              sidePanel={topicsPanel}
            />
          ) : (
            share.model.sheets_url && (
              <SharedDrawing
                key={share.model.urn}
                token={token}
                model={share.model}
                sheetsUrl={share.model.sheets_url}
                sidePanel={topicsPanel}
              />
            )
          )}
        </main>
      ) : (
        <main className="flex min-h-0 flex-1 flex-col overflow-auto">
          <Centered>{body}</Centered>
        </main>
      )}
    </div>
  );
}
