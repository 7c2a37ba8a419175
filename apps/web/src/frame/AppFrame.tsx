import { useState, type ReactNode } from 'react';
import { Dialog, VisuallyHidden } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Menu, X } from 'lucide-react';
import { useReturnFocus } from '../shared/ui/Dialog';
import { TooltipProvider } from '../shared/ui/Tooltip';
import { SidebarContent } from './Sidebar';
import { TopBar } from './TopBar';

/** The app frame: fixed sidebar on wide screens, a slide-over drawer with a hamburger on phones. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const returnFocus = useReturnFocus(drawerOpen);
  const close = () => setDrawerOpen(false);

  return (
    <TooltipProvider>
      <div className="min-h-screen">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('nav.skipToContent')}
        </a>
        <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-gray-200 bg-white lg:block">
          <SidebarContent />
        </aside>

        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40 backdrop-blur-[1px] data-[state=open]:animate-fade-in lg:hidden" />
            <Dialog.Content
              {...returnFocus}
              className="fixed inset-y-0 left-0 z-50 w-[18rem] max-w-[85vw] bg-white shadow-xl outline-none data-[state=open]:animate-drawer-in lg:hidden"
            >
              <VisuallyHidden.Root>
                <Dialog.Title>{t('nav.label')}</Dialog.Title>
                <Dialog.Description>{t('nav.drawerDescription')}</Dialog.Description>
              </VisuallyHidden.Root>
              <Dialog.Close
                aria-label={t('nav.closeMenu')}
                className="absolute top-4 right-3 z-10 rounded-lg p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
              >
                <X className="size-5" />
              </Dialog.Close>
              <SidebarContent onNavigate={close} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>

        <div className="flex min-h-screen flex-col lg:pl-64">
          <TopBar
            menuButton={
              <button
                type="button"
                onClick={() => setDrawerOpen(true)}
                aria-label={t('nav.openMenu')}
                aria-expanded={drawerOpen}
                className="-ml-1.5 rounded-lg p-1.5 text-gray-600 hover:bg-gray-100 hover:text-gray-900 lg:hidden"
              >
                <Menu className="size-5" />
              </button>
            }
          />
          <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
            <div className="mx-auto w-full max-w-6xl">{children}</div>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
