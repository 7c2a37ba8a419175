import { useQuery } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ChevronRight,
  ChevronsUpDown,
  CreditCard,
  Languages,
  LogOut,
  Settings,
} from 'lucide-react';
import { LanguageRadioItems, menuContentClass, menuItemClass } from '../shared/ui/LanguageSwitcher';
import { useAuth } from '../lib/auth-store';
import { currentLocale } from '../lib/i18n';
import { LANGUAGE_NAMES } from '../lib/locale';
import { toast } from '../lib/toast';
import { profileQuery, signOut } from '../features/auth/api';
import { UserAvatar } from '../features/settings/components/UserAvatar';
import { formatPersonName } from '../lib/format';

/** Avatar, email, language, settings and sign out. */
export function UserMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const { data: profile } = useQuery({ ...profileQuery(), enabled: signedIn });
  const email = profile?.email ?? '';
  // First/last name in the user's name format, else the full name (one helper everywhere).
  const displayName = profile ? formatPersonName({ ...profile, email: null }) : '';
  const locale = currentLocale();

  const go = (to: string) => {
    navigate(to);
    onNavigate?.();
  };

  const handleSignOut = async () => {
    await signOut();
    onNavigate?.();
    navigate('/signin', { replace: true });
    toast.info(t('auth.signedOut'));
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex w-full items-center gap-3 rounded-xl p-2 text-left transition-colors hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-gray-100">
        <UserAvatar profile={profile} size={32} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-gray-900">
            {displayName || email.split('@')[0]}
          </span>
          <span className="block truncate text-xs text-gray-500">{email}</span>
        </span>
        {/* The visible name and address, then what the button is (WCAG 2.5.3, label in name). */}
        <span className="sr-only">{t('userMenu.label')}</span>
        <ChevronsUpDown className="size-4 shrink-0 text-gray-400" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={8}
          className={`${menuContentClass} w-64`}
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-2.5 py-2">
            <UserAvatar profile={profile} size={40} />
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-gray-900">
                {displayName || t('userMenu.signedInAs')}
              </span>
              <span className="block text-xs wrap-anywhere text-gray-500">{email}</span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
          <DropdownMenu.Sub>
            <DropdownMenu.SubTrigger className={`${menuItemClass} data-[state=open]:bg-gray-100`}>
              <Languages className="size-4 text-gray-500" aria-hidden />
              <span className="flex-1">{t('language.label')}</span>
              <span className="text-xs text-gray-500">{LANGUAGE_NAMES[locale]}</span>
              <ChevronRight className="size-4 text-gray-400" aria-hidden />
            </DropdownMenu.SubTrigger>
            <DropdownMenu.Portal>
              <DropdownMenu.SubContent sideOffset={6} className={menuContentClass}>
                <LanguageRadioItems />
              </DropdownMenu.SubContent>
            </DropdownMenu.Portal>
          </DropdownMenu.Sub>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => go('/settings/profile')}>
            <Settings className="size-4 text-gray-500" aria-hidden />
            {t('nav.settings')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => go('/subscription')}>
            <CreditCard className="size-4 text-gray-500" aria-hidden />
            {t('titles.subscription')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
          <DropdownMenu.Item
            className={`${menuItemClass} text-red-700 data-[highlighted]:bg-red-50`}
            onSelect={() => void handleSignOut()}
          >
            <LogOut className="size-4" aria-hidden />
            {t('auth.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
