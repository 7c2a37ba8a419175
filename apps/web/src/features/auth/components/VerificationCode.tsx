import { useTranslation } from 'react-i18next';
import { VERIFICATION_CODE_LENGTH } from '@truss/contracts';

/** "Enter the 6-digit code we sent to" and the address. */
export function CodeSentTo({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <>
      {t('auth.verifySubtitle', { count: VERIFICATION_CODE_LENGTH })}{' '}
      <span className="font-medium wrap-anywhere text-gray-900">{email}</span>
    </>
  );
}

/** "Resend", or the seconds left until another code may be asked for. */
export function ResendCodeButton({
  secondsLeft,
  pending,
  onClick,
}: {
  secondsLeft: number;
  pending: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={secondsLeft > 0 || pending}
      className="font-medium text-brand-700 hover:text-brand-800 disabled:cursor-not-allowed disabled:text-gray-400"
    >
      {secondsLeft > 0 ? t('auth.resendIn', { count: secondsLeft }) : t('auth.resend')}
    </button>
  );
}
