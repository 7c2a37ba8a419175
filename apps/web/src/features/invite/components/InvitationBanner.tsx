import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signInIcons } from '../../../components/sign-in-icons';
import type { InvitationPreview } from '@truss/contracts';
import { invitationPreviewQuery } from '../preview';

const { MailPlus } = signInIcons;

/** The invitation token of a redirect target such as "/invite?token=abc", if it is one. */
function inviteTokenOf(redirect: string | null | undefined): string | null {
  if (!redirect?.startsWith('/invite')) return null;
  try {
    const url = new URL(redirect, 'http://x');
    return url.pathname === '/invite' ? url.searchParams.get('token') || null : null;
  } catch {
    return null;
  }
}

/** The invitation a sign-in or sign-up will return to (public preview), if any. */
export function useRedirectInvitation(redirect: string | null): InvitationPreview | undefined {
  const token = inviteTokenOf(redirect);
  const { data } = useQuery({ ...invitationPreviewQuery(token ?? ''), enabled: !!token });
  return data?.status === 'pending' ? data : undefined;
}

/**
 * On sign-in and sign-up when they lead back to an invitation: which project, who invited, and
 * the address it was sent to (also put into an empty email field).
 */
export function InvitationBanner({
  invitation,
  email,
  onEmail,
}: {
  invitation: InvitationPreview | undefined;
  email: string;
  onEmail: (email: string) => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    if (invitation && !email) onEmail(invitation.email);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fill once when it arrives
  }, [invitation]);
  if (!invitation) return null;
  return (
    <div
      role="status"
      className="mb-5 flex gap-3 rounded-xl border border-brand-200 bg-brand-50 px-3.5 py-3 text-sm text-brand-900"
    >
      <MailPlus className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
      <p className="min-w-0">
        {t('invitePage.banner', {
          name: invitation.inviter.name || t('invitePage.aProjectMember'),
          project: invitation.project.name,
          email: invitation.email,
        })}
      </p>
    </div>
  );
}
