import { useTranslation } from 'react-i18next';

type PolicyKey = 'terms' | 'privacy' | 'cookies';

interface Section {
  title: string;
  body: string;
}

/** A short policy text from the locale files: title, date, numbered sections. */
export function PolicyDocument({ policy }: { policy: PolicyKey }) {
  const { t } = useTranslation();
  const sections = t(`legal.${policy}.sections`, { returnObjects: true }) as Section[];
  return (
    <article className="mx-auto max-w-3xl rounded-2xl border border-gray-200 bg-white p-6 shadow-xs sm:p-10">
      <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">
        {t(`legal.${policy}.title`)}
      </h1>
      <p className="mt-2 text-sm text-gray-500">{t('legal.updated', { date: t('legal.date') })}</p>
      <p className="mt-6 text-base leading-7 text-gray-700">{t(`legal.${policy}.intro`)}</p>
      <ol className="mt-8 space-y-6">
        {sections.map((section, i) => (
          <li key={section.title}>
            <h2 className="text-base font-semibold text-gray-900">
              {i + 1}. {section.title}
            </h2>
            <p className="mt-2 text-sm leading-7 text-gray-700">{section.body}</p>
          </li>
        ))}
      </ol>
      <p className="mt-10 border-t border-gray-100 pt-6 text-sm text-gray-500">
        {t('legal.contact')}
      </p>
    </article>
  );
}
