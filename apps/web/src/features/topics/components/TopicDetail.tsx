import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { ArrowLeft, Crosshair, Pencil, Trash2 } from 'lucide-react';
import type {
  ProjectMember,
  TopicAttachment,
  TopicComment,
  TopicWithComments,
  UpdateTopicBody,
} from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { inputClass } from '../../../components/ui/Field';
import { RelativeTime } from '../../../shared/ui/RelativeTime';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import type { TopicAbilities } from '../abilities';
import {
  useAddComment,
  useDeleteComment,
  useDeleteTopic,
  useEarlierComments,
  useEditComment,
  useSnapshotUrl,
  useTopic,
  useUpdateTopic,
  type TopicSource,
} from '../api';
import { authorLabel, storeVisitorName, storedVisitorName, topicTypeLabel } from '../labels';
import { useAttachments } from '../attachments-api';
import { MentionTextarea } from './MentionTextarea';
import { AttachButtons, AttachmentList, AttachToComment } from './TopicAttachments';
import { StatusBadge } from './StatusBadge';
import { TopicFields } from './TopicFields';
import { plain, TopicText } from './TopicText';
import { VisitorName } from './VisitorName';
import { SnapshotMarkup } from '../markup/SnapshotMarkup';
import { TopicMarkupControls } from '../markup/TopicMarkupControls';

function Comment({
  comment,
  members,
  may,
  files,
  onRemove,
  onEdit,
}: {
  comment: TopicComment;
  members: readonly ProjectMember[];
  may: { edit: boolean; remove: boolean };
  /** The comment's attachments, and whether the reader may add or remove them. */
  files: {
    list: readonly TopicAttachment[];
    attach: boolean;
    maxBytes: number;
    canRemove: (attachment: TopicAttachment) => boolean;
  };
  onRemove: () => void;
  onEdit: (text: string, done: () => void) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const author = authorLabel(comment.author, members) || t('topics.projectMember');
  // A long author (an e-mail address) is cut short, never the time or the buttons.
  return (
    <li className="rounded-lg bg-gray-50 px-3 py-2" data-comment={comment.id}>
      <div className="flex items-center gap-2 text-xs text-gray-500">
        <span className="min-w-0 truncate font-medium text-gray-800" title={author}>
          {author}
        </span>
        <RelativeTime iso={comment.created_at} className="shrink-0" />
        {comment.edited && <span className="shrink-0">({t('topics.edited')})</span>}
        {may.edit && draft === null && (
          <button
            type="button"
            className="ml-auto shrink-0 rounded p-0.5 text-gray-400 hover:text-gray-700"
            aria-label={t('topics.editComment')}
            onClick={() => setDraft(comment.text)}
          >
            <Pencil className="size-3.5" />
          </button>
        )}
        {files.attach && may.edit && (
          <AttachToComment
            topicId={comment.topic_id}
            commentId={comment.id}
            maxBytes={files.maxBytes}
            className={clsx('shrink-0', !(may.edit && draft === null) && 'ml-auto')}
          />
        )}
        {may.remove && (
          <button
            type="button"
            className={clsx(
              'shrink-0 rounded p-0.5 text-gray-400 hover:text-red-600',
              !(may.edit && draft === null) && !(files.attach && may.edit) && 'ml-auto',
            )}
            aria-label={t('topics.deleteComment')}
            onClick={onRemove}
          >
            <Trash2 className="size-3.5" />
          </button>
        )}
      </div>
      {draft === null ? (
        <p className="mt-1 text-sm whitespace-pre-wrap text-gray-900">{plain(comment.text)}</p>
      ) : (
        <form
          className="mt-1 flex flex-col gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) onEdit(draft, () => setDraft(null));
          }}
        >
          <MentionTextarea
            label={t('topics.editComment')}
            className={inputClass(false, 'h-16 py-1 text-sm')}
            value={draft}
            maxLength={5000}
            members={members}
            onChange={setDraft}
          />
          <div className="flex justify-end gap-1">
            <Button type="button" size="sm" variant="ghost" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={!draft.trim()}>
              {t('topics.new.save')}
            </Button>
          </div>
        </form>
      )}
      {files.list.length > 0 && (
        <div className="mt-1.5">
          <AttachmentList
            topicId={comment.topic_id}
            attachments={files.list}
            canRemove={files.canRemove}
            label={t('topics.attachments.ofComment')}
          />
        </div>
      )}
    </li>
  );
}

export function TopicDetail({
  source,
  topicId,
  abilities,
  members,
  onBack,
  onShow,
}: {
  source: TopicSource;
  topicId: string;
  abilities: TopicAbilities;
  members: readonly ProjectMember[];
  onBack: () => void;
  /** Show the topic's viewpoint in the viewer. */
  onShow: (topic: TopicWithComments) => void;
}) {
  const { t } = useTranslation();
  const query = useTopic(source, topicId);
  const topic = query.data;
  const update = useUpdateTopic(source, topicId);
  const addComment = useAddComment(source, topicId);
  const removeComment = useDeleteComment();
  const editComment = useEditComment();
  const removeTopic = useDeleteTopic();
  const [text, setText] = useState('');
  const [name, setName] = useState(storedVisitorName);
  const snapshot = useSnapshotUrl(topic?.viewpoints[0]?.snapshot_url ?? null);
  const attachments = useAttachments(source, topicId);
  const [showEarlier, setShowEarlier] = useState(false);
  const earlier = useEarlierComments(source, topicId, topic?.comments_before ?? null, showEarlier);
  // Pages come newest first; each is oldest first within.
  const olderComments = [...(earlier.data?.pages ?? [])].reverse().flatMap((page) => page.comments);

  if (query.isPending) return <Spinner className="m-6 size-5" label={t('common.loading')} />;
  if (!topic) {
    return (
      <div className="p-4 text-sm text-gray-600">
        <p>{query.error ? errorMessage(query.error, t) : t('topics.notFound')}</p>
        <Button variant="link" onClick={onBack}>
          {t('topics.back')}
        </Button>
      </div>
    );
  }
  const may = abilities.topic(topic);
  const files = attachments.data?.attachments ?? [];
  const maxBytes = attachments.data?.max_bytes ?? 0;
  const ownFiles = files.filter((file) => !file.comment_id);
  const canRemoveFile = (file: TopicAttachment) => abilities.attachment(file).remove;
  // Visitors attach to issues only, under the name they give (as when they edit one).
  const shareToken = source.kind === 'share' ? source.token : undefined;
  const visitorUploader =
    shareToken && name.trim() ? { token: shareToken, authorName: name.trim() } : undefined;
  const canAttach =
    abilities.attach && (!abilities.visitor || (topic.kind === 'issue' && !!visitorUploader));
  const fail = (error: unknown) => toast.error(t('topics.saveFailed'), errorMessage(error, t));
  const change = (body: UpdateTopicBody, done?: () => void) =>
    update.mutate(abilities.visitor ? { ...body, authorName: name.trim() } : body, {
      onSuccess: () => {
        if (abilities.visitor) storeVisitorName(name.trim());
        done?.();
      },
      onError: fail,
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    if (abilities.visitor) storeVisitorName(name.trim());
    addComment.mutate(abilities.visitor ? { text, authorName: name.trim() } : { text }, {
      onSuccess: () => setText(''),
      onError: fail,
    });
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto" data-topic={topic.id}>
      <div className="flex items-center gap-1 border-b border-gray-100 px-2 py-1.5">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden />
          {t('topics.back')}
        </Button>
        <Button variant="ghost" size="sm" className="ml-auto" onClick={() => onShow(topic)}>
          <Crosshair className="size-4" aria-hidden />
          {t('topics.showView')}
        </Button>
        {may.remove && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('topics.delete')}
            onClick={() => {
              if (!window.confirm(t('topics.deleteConfirm'))) return;
              removeTopic.mutate(topic.id, { onSuccess: onBack, onError: fail });
            }}
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-3 p-3">
        <TopicMarkupControls
          topic={topic}
          canEdit={may.edit}
          saving={update.isPending}
          onSave={(markup, done) => change({ markup }, done)}
        />
        <div>
          <div className="flex items-center gap-2 text-xs text-gray-500">
            {topic.kind === 'issue'
              ? t('topics.numberAndType', {
                  number: topic.number,
                  type: topicTypeLabel(t, topic.type),
                })
              : t('topics.kind.comment')}
            <StatusBadge status={topic.status} />
          </div>
        </div>
        <TopicText
          topic={topic}
          canEdit={may.edit && (!abilities.visitor || !!name.trim())}
          saving={update.isPending}
          onSave={change}
        >
          <p className="-mt-2 text-xs text-gray-500">
            {authorLabel(topic.author, members) || t('topics.projectMember')} ·{' '}
            <RelativeTime iso={topic.created_at} />
          </p>
          {snapshot && (
            <button type="button" onClick={() => onShow(topic)} className="block">
              <SnapshotMarkup src={snapshot} alt={t('topics.snapshot')} markup={topic.markup} />
            </button>
          )}
        </TopicText>
        {abilities.visitor && (may.edit || abilities.reply) && (
          <VisitorName value={name} onChange={setName} />
        )}
        <TopicFields
          topic={topic}
          abilities={
            abilities.visitor && !name.trim() ? { edit: false, assign: false, status: false } : may
          }
          members={members}
          onChange={change}
        />
        {(ownFiles.length > 0 || canAttach) && (
          <section className="flex flex-col gap-2">
            {ownFiles.length > 0 && (
              <h4 className="mt-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">
                {t('topics.attachments.heading', { count: ownFiles.length })}
              </h4>
            )}
            <AttachmentList
              topicId={topic.id}
              attachments={ownFiles}
              canRemove={canRemoveFile}
              label={t('topics.attachments.ofTopic')}
              shareToken={shareToken}
            />
            {canAttach && (
              <AttachButtons topicId={topic.id} maxBytes={maxBytes} visitor={visitorUploader} />
            )}
          </section>
        )}
        {abilities.viewComments ? (
          <h4 className="mt-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">
            {t('topics.comments', { count: topic.comment_count })}
          </h4>
        ) : (
          // The share hides comments: no count (a "0 comments" would be untrue), but say why.
          <p className="mt-2 text-xs text-gray-500">
            {t(may.edit ? 'topics.commentsHiddenEdit' : 'topics.commentsHidden')}
          </p>
        )}
        {earlier.hasNextPage || (!showEarlier && topic.comments_before) ? (
          <button
            type="button"
            className="self-start text-xs text-blue-700 hover:underline"
            disabled={earlier.isFetching}
            onClick={() => (showEarlier ? void earlier.fetchNextPage() : setShowEarlier(true))}
          >
            {t('topics.showEarlier')}
          </button>
        ) : null}
        <ul className="flex flex-col gap-2" aria-label={t('topics.commentsLabel')}>
          {[...olderComments, ...topic.comments].map((c) => (
            <Comment
              key={c.id}
              comment={c}
              members={members}
              may={abilities.comment(c)}
              files={{
                list: files.filter((file) => file.comment_id === c.id),
                // Visitors attach to the issue itself, not to comments.
                attach: abilities.attach && !abilities.visitor,
                maxBytes,
                canRemove: canRemoveFile,
              }}
              onRemove={() => removeComment.mutate(c.id, { onError: fail })}
              onEdit={(next, done) =>
                editComment.mutate({ id: c.id, text: next }, { onSuccess: done, onError: fail })
              }
            />
          ))}
        </ul>
        {abilities.reply ? (
          <form onSubmit={submit} className="flex flex-col gap-2">
            <MentionTextarea
              label={t('topics.reply')}
              placeholder={t('topics.replyPlaceholder')}
              className={inputClass(false, 'h-20 py-2')}
              value={text}
              maxLength={5000}
              members={members}
              onChange={setText}
            />
            <Button
              type="submit"
              size="sm"
              className="self-end"
              disabled={!text.trim() || (abilities.visitor && !name.trim())}
              loading={addComment.isPending}
            >
              {t('topics.send')}
            </Button>
          </form>
        ) : (
          abilities.visitor &&
          abilities.viewComments && <p className="text-xs text-gray-500">{t('topics.viewOnly')}</p>
        )}
      </div>
    </div>
  );
}
