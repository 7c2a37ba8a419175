import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelVersions } from '../../models';
import { Dices } from 'lucide-react';
import {
  SHARE_ACCESS_CODE_LENGTH,
  shareAccessCodeSchema,
  type Share,
  type ShareExpiration,
  type ShareIssuePermission,
  type ShareStatus,
  type ShareType,
  type UpdateShareBody,
} from '@truss/contracts';
import { Button } from '../../../components/ui/Button';
import { sanitizeCode } from '../../../shared/ui/CodeInput';
import { FormAlert, TextField } from '../../../components/ui/Field';
import { errorMessage, validationMessage } from '../../../lib/errors';
import { ApiError } from '../../../lib/http';
import { randomAccessCode, useCreateShare, useUpdateShare } from '../api';
import { Segmented } from '../../../shared/ui/Segmented';
import { CodeLockedNote } from './CodeLockedNote';
import { ShareExpiry } from './ShareExpiry';

const TYPES: ShareType[] = ['public', 'password', 'private'];
const EXPIRATIONS: ShareExpiration[] = ['1d', '7d', '30d', 'never'];

/**
 * The code is required when the share is (or becomes) code-protected and has no usable code yet:
 * a new share, one without a code, or one whose code was locked. Otherwise an empty field keeps
 * the current code (the server only holds its HMAC, so it cannot be shown again).
 */
function accessCodeError(
  type: ShareType,
  code: string,
  share: Pick<Share, 'has_code' | 'code_locked'> | null,
): 'validation.shareCodeFormat' | null {
  if (type !== 'password') return null;
  const required = !share?.has_code || share.code_locked;
  if (!required && code === '') return null;
  return shareAccessCodeSchema.safeParse(code).success ? null : 'validation.shareCodeFormat';
}

/** Create a link to `modelId`, or edit `share`. `onSaved` gets the server's answer. */
export function ShareForm({
  modelId,
  share,
  onSaved,
  onCancel,
}: {
  modelId: string;
  share: Share | null;
  onSaved: (share: Share) => void;
  onCancel?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<ShareType>(share?.type ?? 'password');
  const [expiration, setExpiration] = useState<ShareExpiration>(share?.expiration ?? '7d');
  const [expirationTouched, setExpirationTouched] = useState(false);
  const [code, setCode] = useState(() => (share ? '' : randomAccessCode()));
  const [allowComments, setAllowComments] = useState(share?.allow_comments ?? true);
  const [issuePermission, setIssuePermission] = useState<ShareIssuePermission>(
    share?.issue_permission ?? 'view',
  );
  // Downloads default to off for public and code links, on for private ones, until chosen.
  const [downloadChoice, setDownloadChoice] = useState<boolean | null>(
    share?.allow_download ?? null,
  );
  const allowDownload = downloadChoice ?? type === 'private';
  const [status, setStatus] = useState<ShareStatus>(share?.status ?? 'active');
  // Follow the model's current version, or stay on one version (the share's, or the current).
  const versions = useModelVersions(modelId);
  const list = Array.isArray(versions.data) ? versions.data : [];
  const current = list.find((v) => v.current) ?? null;
  const [pinned, setPinned] = useState<string | null>(share?.model_version?.id ?? null);
  const pinnedNumber =
    list.find((v) => v.id === pinned)?.number ?? share?.model_version?.number ?? null;
  const [submitted, setSubmitted] = useState(false);
  const [serverCodeError, setServerCodeError] = useState<string | null>(null);
  const create = useCreateShare();
  const update = useUpdateShare();
  const mutation = share ? update : create;
  const pending = mutation.isPending;

  const codeErrorKey = accessCodeError(type, code, share);
  const codeError =
    serverCodeError ?? (submitted && codeErrorKey ? validationMessage(codeErrorKey, t) : undefined);
  const fieldErrors = mutation.error instanceof ApiError ? mutation.error.fields : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerCodeError(null);
    if (codeErrorKey) return;
    const accessCode = type === 'password' && code !== '' ? code : undefined;
    const onError = (error: unknown) => {
      const field = error instanceof ApiError ? error.fields?.accessCode : undefined;
      if (field) setServerCodeError(field);
    };
    if (!share) {
      create.mutate(
        {
          modelId,
          type,
          expiration,
          ...(accessCode ? { accessCode } : {}),
          allowComments,
          issuePermission,
          allowDownload,
          ...(pinned ? { modelVersionId: pinned } : {}),
        },
        { onSuccess: onSaved, onError },
      );
      return;
    }
    const body: UpdateShareBody = {};
    if (type !== share.type) body.type = type;
    if (expirationTouched) body.expiration = expiration;
    if (accessCode) body.accessCode = accessCode;
    if (allowComments !== share.allow_comments) body.allowComments = allowComments;
    if (issuePermission !== share.issue_permission) body.issuePermission = issuePermission;
    if (allowDownload !== share.allow_download) body.allowDownload = allowDownload;
    if (status !== share.status) body.status = status;
    if (pinned !== (share.model_version?.id ?? null)) body.modelVersionId = pinned;
    if (Object.keys(body).length === 0) {
      onSaved(share);
      return;
    }
    update.mutate({ id: share.id, body }, { onSuccess: onSaved, onError });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5 pb-2">
      {mutation.error && !fieldErrors && <FormAlert>{errorMessage(mutation.error, t)}</FormAlert>}
      <Segmented
        cards
        label={t('share.form.type')}
        value={type}
        disabled={pending}
        onChange={setType}
        options={TYPES.map((value) => ({
          value,
          label: t(`share.types.${value}`),
          hint: t(`share.typeHints.${value}`),
        }))}
      />
      {type === 'password' && (
        <div className="space-y-2">
          {share?.code_locked && <CodeLockedNote />}
          <div className="flex items-start gap-2">
            <TextField
              className="w-60"
              label={t('share.form.code')}
              name="accessCode"
              inputMode="numeric"
              autoComplete="off"
              pattern={`\\d{${SHARE_ACCESS_CODE_LENGTH}}`}
              maxLength={SHARE_ACCESS_CODE_LENGTH}
              placeholder={share?.has_code && !share.code_locked ? '••••' : '0000'}
              value={code}
              disabled={pending}
              error={codeError}
              onChange={(e) => {
                setServerCodeError(null);
                setCode(sanitizeCode(e.target.value, SHARE_ACCESS_CODE_LENGTH));
              }}
            />
            <Button
              variant="secondary"
              className="mt-7"
              disabled={pending}
              onClick={() => {
                setServerCodeError(null);
                setCode(randomAccessCode());
              }}
            >
              <Dices className="size-4" aria-hidden />
              {t('share.form.generate')}
            </Button>
          </div>
          {!codeError && (
            <p className="text-xs text-gray-500">
              {share?.has_code && !share.code_locked
                ? t('share.form.codeKeepHint')
                : t('share.form.codeHint')}
            </p>
          )}
        </div>
      )}
      <div className="space-y-1.5">
        <Segmented
          label={t('share.form.expiration')}
          value={expiration}
          disabled={pending}
          onChange={(value) => {
            setExpiration(value);
            setExpirationTouched(true);
          }}
          options={EXPIRATIONS.map((value) => ({ value, label: t(`share.expiration.${value}`) }))}
        />
        {share && !expirationTouched && (
          <p className="text-xs text-gray-500">
            {t('share.form.currentExpiry')} <ShareExpiry share={share} />
          </p>
        )}
        {share && expirationTouched && (
          <p className="text-xs text-gray-500">{t('share.form.expiryFromNow')}</p>
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Segmented
          label={t('share.form.comments')}
          value={allowComments ? 'allow' : 'none'}
          disabled={pending}
          onChange={(value) => setAllowComments(value === 'allow')}
          options={[
            { value: 'allow', label: t('share.comments.allow') },
            { value: 'none', label: t('share.comments.none') },
          ]}
        />
        <Segmented
          label={t('share.form.issues')}
          value={issuePermission}
          disabled={pending}
          onChange={setIssuePermission}
          options={[
            { value: 'edit', label: t('share.issues.edit') },
            { value: 'view', label: t('share.issues.view') },
          ]}
        />
        <Segmented
          label={t('share.form.download')}
          value={allowDownload ? 'allow' : 'none'}
          disabled={pending}
          onChange={(value) => setDownloadChoice(value === 'allow')}
          options={[
            { value: 'allow', label: t('share.download.allow') },
            { value: 'none', label: t('share.download.none') },
          ]}
        />
      </div>
      {(list.length > 1 || pinned) && (
        <Segmented
          label={t('versions.pin')}
          value={pinned ? 'pin' : 'current'}
          disabled={pending}
          onChange={(value) => setPinned(value === 'pin' ? (pinned ?? current?.id ?? null) : null)}
          options={[
            { value: 'current', label: t('versions.pinCurrent') },
            {
              value: 'pin',
              label: t('versions.pinVersion', { number: pinnedNumber ?? current?.number ?? 1 }),
            },
          ]}
        />
      )}
      {share && (
        <Segmented
          label={t('share.form.status')}
          value={status}
          disabled={pending}
          onChange={setStatus}
          options={[
            { value: 'active', label: t('share.status.active') },
            { value: 'disabled', label: t('share.status.disabled') },
          ]}
        />
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-gray-100 pt-4 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" loading={pending}>
          {share ? t('share.form.save') : t('share.form.create')}
        </Button>
      </div>
    </form>
  );
}
