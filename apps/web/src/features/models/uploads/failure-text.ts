import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isErrorCode } from '@truss/contracts';
import type { UploadFailure, UploadItem } from './queue';

/** Spec §8 words first ("Unsupported file format", "Maximum 3 Files Allowed", "Upload Failed"). */
export function uploadFailureParts(
  failure: UploadFailure,
  t: TFunction,
): { headline: string; detail: string | null } {
  const headline =
    failure.code === 'UNSUPPORTED_FORMAT' || failure.code === 'TOO_MANY_UPLOADS'
      ? t(`errors.${failure.code}`)
      : t('errors.UPLOAD_FAILED');
  let detail: string | null = null;
  if (failure.network) detail = t('uploads.networkError');
  else if (failure.serverMessage && failure.serverMessage !== headline) {
    detail = failure.serverMessage;
  } else if (failure.code === 'UNSUPPORTED_FORMAT') detail = t('uploads.unsupportedHelp');
  else if (failure.code === 'TOO_MANY_UPLOADS') detail = t('uploads.waitForSlot');
  else if (isErrorCode(failure.code) && failure.code !== 'UPLOAD_FAILED') {
    detail = t(`errors.${failure.code}`);
  }
  return { headline, detail };
}

export function useUploadFailureText(): (item: Pick<UploadItem, 'failure'>) => string {
  const { t } = useTranslation();
  return useCallback(
    (item) => {
      if (!item.failure) return '';
      const { headline, detail } = uploadFailureParts(item.failure, t);
      return detail ? `${headline} — ${detail}` : headline;
    },
    [t],
  );
}
