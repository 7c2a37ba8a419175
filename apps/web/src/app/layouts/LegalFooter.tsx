import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function LegalFooter({ className }: { className?: string }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className={className ?? 'px-4 py-6 text-center text-xs text-gray-500'}>
      <nav
        aria-label={t('footer.label')}
        className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1"
      >
        <span>© {year} Truss</span>
        <Link to="/terms" className="hover:text-gray-800">
          {t('titles.terms')}
        </Link>
        <Link to="/privacy" className="hover:text-gray-800">
          {t('titles.privacy')}
        </Link>
        <Link to="/cookie-policy" className="hover:text-gray-800">
          {t('titles.cookies')}
        </Link>
      </nav>
    </footer>
  );
}
