import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CalendarClock, Link2Off, MailCheck, MailX, UserRound } from 'lucide-react';
import type { InvitationPreview } from '@truss/contracts';
import { Avatar } from '../../../shared/ui/Avatar';
import { Button, buttonClass } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/Field';
import { Badge, Card } from '../../../shared/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/http';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { signInPath } from '../../../lib/navigation';
import { toast } from '../../../lib/toast';
import { profileQuery, signOut } from '../../auth';
import { projectsQuery, chooseProject, ProjectAvatar } from '../../projects';
import { invitationPreviewQuery, useAcceptInvitation, useDeclineInvitation } from '../api';

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-lg">{children}</div>;
}

/** A dead end: what went wrong, and the way on. */
function Problem({
  icon: Icon,
  title,
  description,
}: {
  icon: typeof Link2Off;
  title: string;
  description?: string;
}) {
  const { t } = useTranslation();
  return (
    <Shell>
      <Card className="p-8 text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 ring-1 ring-red-100">
          <Icon className="size-6" aria-hidden />
        </div>
        <h1 className="text-lg font-semibold text-gray-900 first-letter:uppercase">{title}</h1>
        {description && <p className="mt-2 text-sm leading-6 text-gray-600">{description}</p>}
        <Link to="/models" className={buttonClass('secondary', 'md', 'mt-6')}>
          {t('error.backModels')}
        </Link>
      </Card>
    </Shell>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
      <dt className="w-28 shrink-0 text-xs font-medium text-gray-500">{label}</dt>
      <dd className="min-w-0 text-sm text-gray-900">{children}</dd>
    </div>
  );
}

function InvitationCard({ token, preview }: { token: string; preview: InvitationPreview }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useQuery(profileQuery());
  const { data: projects } = useQuery(projectsQuery());
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const [declined, setDeclined] = useState(false);
  const inviter = preview.inviter.name || t('invitePage.aProjectMember');
  // An account without an email (a WeChat sign-up) may be the invited address's owner.
  const mismatch = !!profile?.email && profile.email.toLowerCase() !== preview.email.toLowerCase();
  const alreadyMember = projects?.some((p) => p.id === preview.project.id) ?? false;
  const answerError = accept.error ?? decline.error;
  const busy = accept.isPending || decline.isPending;

  if (declined) {
    return (
      <Shell>
        <Card className="p-8 text-center">
          <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-gray-100 text-gray-600">
            <MailX className="size-6" aria-hidden />
          </div>
          <h1 className="text-lg font-semibold text-gray-900">{t('invitePage.declinedTitle')}</h1>
          <p className="mt-2 text-sm leading-6 text-gray-600">
            {t('invitePage.declinedDescription', { name: inviter, project: preview.project.name })}
          </p>
          <Link to="/models" className={buttonClass('secondary', 'md', 'mt-6')}>
            {t('error.backModels')}
          </Link>
        </Card>
      </Shell>
    );
  }

  const switchAccount = async () => {
    await signOut();
    const redirect = `/invite?token=${encodeURIComponent(token)}`;
    navigate(`${signInPath(redirect)}&email=${encodeURIComponent(preview.email)}`, {
      replace: true,
    });
  };

  const answered = preview.status !== 'pending';
  const openProject = (id: string) => {
    chooseProject(id);
    navigate(`/models/${id}`, { replace: true });
  };

  return (
    <Shell>
      <Card className="overflow-hidden">
        <div className="bg-gradient-to-b from-brand-50 to-white px-6 pt-8 pb-6 text-center">
          <div className="flex justify-center">
            <ProjectAvatar
              project={{
                id: preview.project.id,
                name: preview.project.name,
                is_default: false,
                metadata: {},
              }}
              size="xl"
            />
          </div>
          <p className="mt-4 text-sm text-gray-600">
            {t('invitePage.invitedYou', { name: inviter })}
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-gray-900">
            {preview.project.name}
          </h1>
          {preview.project.description && (
            <p className="mx-auto mt-2 max-w-sm text-sm leading-6 text-gray-600">
              {preview.project.description}
            </p>
          )}
        </div>
        <dl className="divide-y divide-gray-100 border-y border-gray-100 px-6">
          <Detail label={t('invitePage.inviter')}>
            <span className="flex min-w-0 items-center gap-2">
              <Avatar name={inviter} size={24} />
              <span className="truncate">{inviter}</span>
            </span>
          </Detail>
          <Detail label={t('invitePage.role')}>
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone="brand">{t(`roles.${preview.role}`)}</Badge>
              {preview.role !== 'owner' && (
                <span className="text-xs text-gray-500">
                  {t(`inviteDialog.roleHelp.${preview.role}`)}
                </span>
              )}
            </span>
          </Detail>
          <Detail label={t('invitePage.sentTo')}>
            <span className="inline-flex items-center gap-1.5 wrap-anywhere">
              <UserRound className="size-4 shrink-0 text-gray-400" aria-hidden />
              {preview.email}
            </span>
          </Detail>
          {!answered && (
            <Detail label={t('invitePage.expires')}>
              <span className="inline-flex items-center gap-1.5">
                <CalendarClock className="size-4 shrink-0 text-gray-400" aria-hidden />
                {formatDate(preview.expires_at, i18n.language)}
              </span>
            </Detail>
          )}
        </dl>
        <div className="space-y-4 px-6 py-5">
          {mismatch && !answered && (
            <div
              role="alert"
              className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
              <div className="min-w-0">
                <p>
                  {t('invitePage.mismatch', { invited: preview.email, current: profile.email })}
                </p>
                <button
                  type="button"
                  onClick={() => void switchAccount()}
                  className="mt-1 font-medium text-amber-900 underline underline-offset-2 hover:text-amber-950"
                >
                  {t('invitePage.switchAccount')}
                </button>
              </div>
            </div>
          )}
          {answerError && (
            <FormAlert>
              {t('errors.INVITATION_RESPONSE_FAILED')}
              {answerError instanceof ApiError &&
              answerError.errorCode &&
              answerError.errorCode !== 'INVITATION_RESPONSE_FAILED'
                ? ` (${errorMessage(answerError, t)})`
                : ''}
            </FormAlert>
          )}
          {answered ? (
            <div className="space-y-4 text-center">
              <p className="text-sm text-gray-600">
                {preview.status === 'accepted'
                  ? alreadyMember
                    ? t('invitePage.alreadyMember')
                    : t('errors.INVITATION_INVALID')
                  : t('invitePage.alreadyDeclined')}
              </p>
              {alreadyMember ? (
                <Button className="w-full" onClick={() => openProject(preview.project.id)}>
                  {t('invitePage.openProject')}
                </Button>
              ) : (
                <Link to="/models" className={buttonClass('secondary', 'md', 'w-full')}>
                  {t('error.backModels')}
                </Link>
              )}
            </div>
          ) : (
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button
                variant="secondary"
                size="lg"
                className="sm:flex-1"
                disabled={busy}
                loading={decline.isPending}
                onClick={() => {
                  accept.reset();
                  decline.mutate({ token }, { onSuccess: () => setDeclined(true) });
                }}
              >
                {t('invitePage.decline')}
              </Button>
              <Button
                size="lg"
                className="sm:flex-1"
                disabled={busy}
                loading={accept.isPending}
                onClick={() => {
                  decline.reset();
                  accept.mutate(
                    { token },
                    {
                      onSuccess: ({ project_id }) => {
                        toast.success(t('invitePage.joined', { name: preview.project.name }));
                        openProject(project_id);
                      },
                    },
                  );
                }}
              >
                {t('invitePage.accept')}
              </Button>
            </div>
          )}
        </div>
      </Card>
      <p className="mt-4 flex items-center justify-center gap-1.5 text-center text-xs text-gray-500">
        <MailCheck className="size-3.5" aria-hidden />
        {t('invitePage.signedInAs', { email: profile?.email ?? '' })}
      </p>
    </Shell>
  );
}

/** /invite?token=…: verify the link, show the project, inviter and role, then accept or decline. */
export default function InvitePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const preview = useQuery({ ...invitationPreviewQuery(token), enabled: !!token });

  if (!token) {
    return (
      <Problem
        icon={Link2Off}
        title={t('errors.INVITATION_TOKEN_MISSING')}
        description={t('invitePage.missingHelp')}
      />
    );
  }
  if (preview.isLoading) return <LoadingBlock label={t('invitePage.checking')} />;
  if (preview.error || !preview.data) {
    const error = preview.error;
    const invalid =
      !(error instanceof ApiError) ||
      error.statusCode === 404 ||
      error.statusCode === 410 ||
      error.errorCode === 'INVITATION_INVALID' ||
      error.errorCode === 'INVITATION_NOT_FOUND' ||
      error.errorCode === 'VALIDATION_ERROR';
    return (
      <Problem
        icon={Link2Off}
        title={invalid ? t('errors.INVITATION_INVALID') : errorMessage(error, t)}
        {...(invalid ? { description: t('invitePage.invalidHelp') } : {})}
      />
    );
  }
  if (preview.data.status === 'pending' && Date.parse(preview.data.expires_at) < Date.now()) {
    return (
      <Problem
        icon={Link2Off}
        title={t('errors.INVITATION_INVALID')}
        description={t('invitePage.invalidHelp')}
      />
    );
  }
  return <InvitationCard token={token} preview={preview.data} />;
}
