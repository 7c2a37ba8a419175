import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { AlertCircle, CheckCircle2, X, XCircle } from 'lucide-react';
import {
  can,
  isErrorCode,
  MAX_INVITES_PER_REQUEST,
  type GrantableRole,
  type InviteResponse,
  type Project,
  type ProjectMember,
} from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { DialogActions, Modal } from '../../../shared/ui/Dialog';
import { FormAlert, inputClass } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { invalidateMembers, projectsApi } from '../api';
import { addEmails, isValidEmail, splitEmails } from '../emails';
import { actorFor } from '../permissions';
import { useProjectName } from './ProjectAvatar';

type ChipState = 'ok' | 'invalid' | 'member' | 'pending';

interface ResultRow {
  email: string;
  ok: boolean;
  message: string | null;
}

const GRANTABLE: GrantableRole[] = ['member', 'admin', 'guest'];

/**
 * Invite several people at once: typed or pasted addresses become chips (duplicates dropped,
 * invalid and already-added ones flagged), one role for all, and a result per address.
 */
export function InviteDialog({
  open,
  onOpenChange,
  project,
  myId,
  members,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project: Project;
  myId: string;
  members: readonly ProjectMember[];
}) {
  const { t } = useTranslation();
  const projectName = useProjectName()(project);
  const inputId = useId();
  const roleId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [emails, setEmails] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [role, setRole] = useState<GrantableRole>('member');
  const [results, setResults] = useState<{ rows: ResultRow[]; response: InviteResponse } | null>(
    null,
  );

  const actor = actorFor(project, myId);
  const roles = GRANTABLE.filter((r) => can(actor, 'member.invite', { newRole: r }));

  const known = useMemo(() => {
    const map = new Map<string, ChipState>();
    for (const m of members) {
      if (!m.email) continue; // an account without an address cannot be invited by one
      if (m.status === 'accepted') map.set(m.email.toLowerCase(), 'member');
      else if (m.status === 'pending') map.set(m.email.toLowerCase(), 'pending');
    }
    return map;
  }, [members]);

  const chipState = (email: string): ChipState =>
    !isValidEmail(email) ? 'invalid' : (known.get(email) ?? 'ok');

  useEffect(() => {
    if (!open) return;
    setEmails([]);
    setDraft('');
    setNotice(null);
    setFormError(null);
    setResults(null);
    setRole('member');
  }, [open]);

  const invite = useMutation({
    mutationFn: (list: string[]) => projectsApi.invite(project.id, { emails: list, role }),
    onSettled: () => invalidateMembers(project.id),
  });

  /** Turn text into chips; returns the resulting list. */
  const commit = (text: string): string[] => {
    const tokens = splitEmails(text);
    if (tokens.length === 0) return emails;
    const { list, duplicates } = addEmails(emails, tokens);
    setEmails(list);
    setFormError(null);
    setNotice(
      duplicates.length
        ? t('inviteDialog.duplicatesRemoved', {
            count: duplicates.length,
            emails: [...new Set(duplicates)].join(', '),
          })
        : null,
    );
    return list;
  };

  const onDraftChange = (value: string) => {
    // A separator completes every address before it; the rest stays in the box.
    const match = /^(.*)[\s,;，；、]+([^\s,;，；、]*)$/s.exec(value);
    if (match) {
      commit(match[1] ?? '');
      setDraft(match[2] ?? '');
    } else {
      setDraft(value);
    }
  };

  const remove = (email: string) => {
    setEmails((list) => list.filter((e) => e !== email));
    inputRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const list = draft.trim() ? commit(draft) : emails;
    setDraft('');
    const valid = list.filter(isValidEmail);
    const invalid = list.filter((e) => !isValidEmail(e));
    if (valid.length === 0) {
      setFormError(t('errors.NO_VALID_EMAIL'));
      inputRef.current?.focus();
      return;
    }
    if (valid.length > MAX_INVITES_PER_REQUEST) {
      setFormError(t('validation.tooManyEmails'));
      return;
    }
    setFormError(null);
    invite.mutate(valid, {
      onSuccess: (response) => {
        const rows: ResultRow[] = [
          ...response.results.map((r) => ({
            email: r.email,
            ok: r.status === 'invited',
            message:
              r.status === 'invited'
                ? null
                : r.code && isErrorCode(r.code)
                  ? t(`errors.${r.code}`)
                  : (r.message ?? t('errors.INTERNAL_ERROR')),
          })),
          ...invalid.map((email) => ({
            email,
            ok: false,
            message: t('validation.emailInvalid'),
          })),
        ];
        const failed = rows.filter((r) => !r.ok).length;
        if (failed === 0) {
          toast.success(t('inviteDialog.sent', { count: response.invited }), projectName);
          onOpenChange(false);
          return;
        }
        setResults({ rows, response });
        // Keep the ones that failed, so they can be corrected and sent again.
        setEmails(rows.filter((r) => !r.ok).map((r) => r.email));
      },
    });
  };

  const invalidCount = emails.filter((e) => chipState(e) === 'invalid').length;
  const formId = useId();

  if (results) {
    const failed = results.rows.filter((r) => !r.ok).length;
    const sent = results.rows.length - failed;
    return (
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={t('inviteDialog.resultsTitle')}
        size="md"
        footer={
          <>
            <Button variant="secondary" onClick={() => setResults(null)}>
              {t('inviteDialog.back')}
            </Button>
            <Button onClick={() => onOpenChange(false)}>{t('common.done')}</Button>
          </>
        }
      >
        <div className="space-y-3 pb-2">
          <FormAlert>
            {sent > 0 ? t('errors.INVITATIONS_PARTIALLY_FAILED') : t('inviteDialog.noneSent')}
            {' · '}
            {t('inviteDialog.summary', { sent, failed })}
          </FormAlert>
          <ul
            aria-label={t('inviteDialog.resultsLabel')}
            className="divide-y divide-gray-100 rounded-lg border border-gray-200"
          >
            {results.rows.map((row) => (
              <li key={row.email} className="flex items-start gap-3 px-3 py-2.5 text-sm">
                {row.ok ? (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                ) : (
                  <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
                )}
                <div className="min-w-0 flex-1">
                  <p className="wrap-anywhere text-gray-900">{row.email}</p>
                  <p className={clsx('text-xs', row.ok ? 'text-emerald-700' : 'text-red-700')}>
                    {row.ok ? t('inviteDialog.invited') : row.message}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !invite.isPending && onOpenChange(next)}
      title={t('inviteDialog.title', { name: projectName })}
      description={t('inviteDialog.description')}
      size="md"
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={invite.isPending}
          type="submit"
          form={formId}
        >
          {t('inviteDialog.send')}
        </DialogActions>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4 pb-2">
        {invite.error && <FormAlert>{errorMessage(invite.error, t)}</FormAlert>}
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
            {t('inviteDialog.emails')}
          </label>
          <div
            onClick={() => inputRef.current?.focus()}
            className={clsx(
              inputClass(!!formError, 'flex h-auto min-h-24 flex-wrap content-start gap-1.5 py-2'),
              'cursor-text focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/15',
            )}
          >
            <ul className="contents" aria-label={t('inviteDialog.added')}>
              {emails.map((email) => {
                const state = chipState(email);
                const problem =
                  state === 'invalid'
                    ? t('validation.emailInvalid')
                    : state === 'member'
                      ? t('errors.MEMBER_ALREADY_ADDED')
                      : state === 'pending'
                        ? t('errors.INVITATION_ALREADY_PENDING')
                        : null;
                return (
                  <li
                    key={email}
                    title={problem ?? undefined}
                    className={clsx(
                      'inline-flex max-w-full items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-xs font-medium ring-1 ring-inset',
                      state === 'ok' && 'bg-brand-50 text-brand-800 ring-brand-200',
                      state === 'invalid' && 'bg-red-50 text-red-800 ring-red-300',
                      (state === 'member' || state === 'pending') &&
                        'bg-amber-50 text-amber-900 ring-amber-300',
                    )}
                  >
                    {state !== 'ok' && <AlertCircle className="size-3.5 shrink-0" aria-hidden />}
                    <span className="truncate">{email}</span>
                    {problem && <span className="sr-only">: {problem}</span>}
                    <button
                      type="button"
                      aria-label={t('inviteDialog.removeEmail', { email })}
                      onClick={(e) => {
                        e.stopPropagation();
                        remove(email);
                      }}
                      className="rounded-full p-0.5 hover:bg-black/10"
                    >
                      <X className="size-3" aria-hidden />
                    </button>
                  </li>
                );
              })}
            </ul>
            <input
              ref={inputRef}
              id={inputId}
              type="text"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              autoFocus
              value={draft}
              disabled={invite.isPending}
              placeholder={emails.length ? '' : t('inviteDialog.placeholder')}
              aria-describedby={hintId}
              aria-invalid={formError ? true : undefined}
              onChange={(e) => onDraftChange(e.target.value)}
              onPaste={(e) => {
                const text = e.clipboardData.getData('text');
                if (!/[\s,;，；、]/.test(text)) return;
                e.preventDefault();
                commit(`${draft}${text}`);
                setDraft('');
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && draft.trim()) {
                  e.preventDefault();
                  commit(draft);
                  setDraft('');
                } else if (e.key === 'Backspace' && !draft && emails.length) {
                  setEmails((list) => list.slice(0, -1));
                }
              }}
              onBlur={() => {
                if (draft.trim()) {
                  commit(draft);
                  setDraft('');
                }
              }}
              className="h-7 min-w-40 flex-1 border-0 bg-transparent p-0 text-sm outline-none placeholder:text-gray-500 focus:ring-0"
            />
          </div>
          <div id={hintId} aria-live="polite" className="space-y-1 text-xs">
            {formError ? (
              <p className="font-medium text-red-600">{formError}</p>
            ) : (
              <p className="text-gray-500">{t('inviteDialog.hint')}</p>
            )}
            {notice && <p className="text-gray-600">{notice}</p>}
            {invalidCount > 0 && (
              <p className="text-red-700">
                {t('inviteDialog.invalidSkipped', { count: invalidCount })}
              </p>
            )}
          </div>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={roleId} className="block text-sm font-medium text-gray-800">
            {t('inviteDialog.role')}
          </label>
          <select
            id={roleId}
            value={role}
            disabled={invite.isPending}
            onChange={(e) => setRole(e.target.value as GrantableRole)}
            className={inputClass(false)}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
          <p className="text-xs text-gray-500">{t(`inviteDialog.roleHelp.${role}`)}</p>
        </div>
      </form>
    </Modal>
  );
}
