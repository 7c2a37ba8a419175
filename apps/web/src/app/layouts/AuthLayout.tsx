import { Brand } from '../../components/ui/Brand';
import { DeferredLanguageSwitcher } from '../../components/ui/DeferredLanguageSwitcher';
import { PageOutlet } from '../RootShell';
import { LegalFooter } from './LegalFooter';

/** Auth layout: a centred card under the brand, language switcher at the top right. */
export function AuthLayout() {
  return (
    <div className="relative isolate flex min-h-screen flex-col overflow-hidden bg-gray-100">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(0_0_0/0.035)_1px,transparent_1px),linear-gradient(to_bottom,rgb(0_0_0/0.035)_1px,transparent_1px)] bg-[size:32px_32px] [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_75%)]" />
        <div className="absolute -top-40 left-1/2 h-80 w-[42rem] -translate-x-1/2 rounded-full bg-brand-400/15 blur-3xl" />
      </div>
      <header className="flex items-center justify-end px-4 pt-4 sm:px-6">
        <DeferredLanguageSwitcher />
      </header>
      <main className="flex flex-1 flex-col items-center px-4 pt-4 pb-6 sm:justify-center sm:pt-0">
        <Brand size="lg" className="mb-6" />
        <div className="w-full max-w-[420px] rounded-2xl border border-gray-200/80 bg-white p-6 shadow-xl shadow-gray-900/5 sm:p-8">
          <PageOutlet />
        </div>
      </main>
      <LegalFooter />
    </div>
  );
}
