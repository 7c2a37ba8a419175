import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/ui/Brand';
import { buttonClass } from '../../components/ui/Button';
import { DeferredLanguageSwitcher } from '../../components/ui/DeferredLanguageSwitcher';
import { useAuth } from '../../lib/auth-store';
import { PageOutlet } from '../RootShell';
import { LegalFooter } from './LegalFooter';

/** Public pages (policies, share links, invitations, payment pages): a slim header, no sidebar. */
export function PublicLayout() {
  const { t } = useTranslation();
  const signedIn = useAuth((s) => s.isAuthenticated);
  return (
    <div className="flex min-h-screen flex-col bg-gray-100">
      <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Brand />
          <div className="flex items-center gap-1 sm:gap-2">
            <DeferredLanguageSwitcher compact />
            {signedIn ? (
              <Link to="/models" className={buttonClass('primary', 'sm')}>
                {t('landing.goToModels')}
              </Link>
            ) : (
              <Link to="/signin" className={buttonClass('secondary', 'sm')}>
                {t('auth.signIn')}
              </Link>
            )}
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <PageOutlet />
      </main>
      <LegalFooter />
    </div>
  );
}
