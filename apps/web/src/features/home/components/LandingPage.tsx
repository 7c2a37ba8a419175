import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Box, FolderKanban, Languages, Share2 } from 'lucide-react';
import { Brand } from '../../../components/ui/Brand';
import { buttonClass } from '../../../components/ui/Button';
import { DeferredLanguageSwitcher } from '../../../components/ui/DeferredLanguageSwitcher';
import { useAuth } from '../../../lib/auth-store';
import { LegalFooter } from '../../../app/layouts/LegalFooter';
import viewerScreenshot from '../assets/viewer-ifcopenhouse.webp';
import { LandingPlans } from './LandingPlans';

/** What the converter opens (SupportedFormats lists the extensions), by the names people use. */
const FORMAT_NAMES = [
  'IFC',
  'IFCZIP',
  'glTF / GLB',
  'OBJ + MTL',
  'FBX',
  'COLLADA (DAE)',
  'STL',
  'PLY',
  '3MF',
  '3DS',
  'OFF',
  'STEP',
  'IGES',
  'BREP',
  'Rhino 3DM',
  'ZIP',
] as const;

const FEATURES = [
  { key: 'viewer', icon: Box },
  { key: 'projects', icon: FolderKanban },
  { key: 'sharing', icon: Share2 },
  { key: 'languages', icon: Languages },
] as const;

/** `/`: what Truss is, and the way in. */
export default function LandingPage() {
  const { t } = useTranslation();
  const signedIn = useAuth((s) => s.isAuthenticated);
  return (
    <div className="flex min-h-screen flex-col bg-gray-100">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <Brand />
        <nav className="flex items-center gap-1 sm:gap-2" aria-label={t('landing.navLabel')}>
          <DeferredLanguageSwitcher compact />
          {signedIn ? (
            <Link to="/models" className={buttonClass('primary', 'sm')}>
              {t('landing.goToModels')}
            </Link>
          ) : (
            <>
              <Link to="/signin" className={buttonClass('ghost', 'sm')}>
                {t('auth.signIn')}
              </Link>
              <span className="hidden sm:inline-flex">
                <Link to="/signup" className={buttonClass('primary', 'sm')}>
                  {t('landing.getStarted')}
                </Link>
              </span>
            </>
          )}
        </nav>
      </header>

      <main className="flex-1">
        <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-16 sm:px-6 lg:grid-cols-2 lg:pt-20 lg:pb-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-medium text-brand-700">
              <span className="size-1.5 rounded-full bg-brand-500" />
              {t('landing.badge')}
            </p>
            <h1 className="mt-5 text-4xl font-semibold tracking-tight text-balance text-gray-900 sm:text-5xl">
              {t('landing.title')}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-gray-600">{t('landing.subtitle')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              {signedIn ? (
                <Link to="/models" className={buttonClass('primary', 'lg')}>
                  {t('landing.goToModels')}
                  <ArrowRight className="size-4" aria-hidden />
                </Link>
              ) : (
                <>
                  <Link to="/signup" className={buttonClass('primary', 'lg')}>
                    {t('landing.getStarted')}
                    <ArrowRight className="size-4" aria-hidden />
                  </Link>
                  <Link to="/signin" className={buttonClass('secondary', 'lg')}>
                    {t('auth.signIn')}
                  </Link>
                </>
              )}
            </div>
          </div>
          <figure className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-lg">
            <img
              src={viewerScreenshot}
              alt={t('landing.screenshotAlt')}
              width={1280}
              height={800}
              className="block h-auto w-full"
            />
            <figcaption className="border-t border-gray-100 px-4 py-2 text-xs text-gray-500">
              {t('landing.screenshotCaption')}
            </figcaption>
          </figure>
        </section>

        <section aria-labelledby="landing-formats" className="border-t border-gray-200 bg-white">
          <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
            <h2 id="landing-formats" className="text-lg font-semibold text-gray-900">
              {t('landing.formatsTitle')}
            </h2>
            <p className="mt-2 max-w-3xl text-sm text-gray-600">{t('landing.formatsBody')}</p>
            <ul className="mt-5 flex flex-wrap gap-2">
              {FORMAT_NAMES.map((name) => (
                <li
                  key={name}
                  className="rounded-md border border-gray-200 bg-gray-50 px-2.5 py-1 text-sm font-medium text-gray-700"
                >
                  {name}
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="border-t border-gray-200 bg-gray-50">
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
            {FEATURES.map(({ key, icon: Icon }) => (
              <div key={key}>
                <div className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
                  <Icon className="size-5" aria-hidden />
                </div>
                <h2 className="mt-4 text-base font-semibold text-gray-900">
                  {t(`landing.features.${key}.title`)}
                </h2>
                <p className="mt-2 text-sm leading-6 text-gray-600">
                  {t(`landing.features.${key}.body`)}
                </p>
              </div>
            ))}
          </div>
        </section>
        <LandingPlans signedIn={signedIn} />
      </main>
      <LegalFooter />
    </div>
  );
}
