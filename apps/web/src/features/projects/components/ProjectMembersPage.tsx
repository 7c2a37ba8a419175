import { useTranslation } from 'react-i18next';
import { UserPlus, Users } from 'lucide-react';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Badge, Card, PageHeader } from '../../../components/ui/Page';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { Tooltip } from '../../../components/ui/Tooltip';
import { formatDate } from '../../../lib/format';
import { useCurrentProject } from '../current';
import { ProjectNotFound } from './ProjectOverviewPage';

/** /project/{id}/members: the creator is known today; the member list and invites come next. */
export default function ProjectMembersPage() {
  const { t, i18n } = useTranslation();
  const { project, isLoading, notFound } = useCurrentProject();
  if (isLoading) return <LoadingBlock label={t('common.loading')} />;
  if (notFound || !project) return <ProjectNotFound />;
  const creator = project.creator;
  return (
    <>
      <PageHeader
        title={t('titles.members')}
        subtitle={t('members.subtitle', { count: project.member_count })}
        actions={
          <Tooltip content={t('members.inviteNextRelease')}>
            <span tabIndex={0} className="rounded-lg">
              <Button disabled>
                <UserPlus className="size-4" aria-hidden />
                {t('members.invite')}
              </Button>
            </span>
          </Tooltip>
        }
      />
      <Card className="mb-6 overflow-hidden">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-500">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-medium">
                {t('members.member')}
              </th>
              <th scope="col" className="px-4 py-2.5 font-medium">
                {t('members.role')}
              </th>
              <th scope="col" className="hidden px-4 py-2.5 font-medium sm:table-cell">
                {t('members.added')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td className="px-4 py-3">
                <div className="flex min-w-0 items-center gap-3">
                  <Avatar name={creator.name || creator.email} size={32} />
                  <div className="min-w-0">
                    <p className="truncate font-medium text-gray-900">
                      {creator.name || creator.email.split('@')[0]}
                    </p>
                    <p className="truncate text-xs text-gray-500">{creator.email}</p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3">
                <Badge tone="brand">{t('roles.owner')}</Badge>
              </td>
              <td className="hidden px-4 py-3 text-gray-600 sm:table-cell">
                {formatDate(project.created_at, i18n.language)}
              </td>
            </tr>
          </tbody>
        </table>
      </Card>
      <EmptyState
        icon={Users}
        title={t('members.emptyTitle')}
        description={t('members.emptyDescription')}
      />
    </>
  );
}
