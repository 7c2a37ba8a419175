import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './Field';

/** The "Email" field of the sign-in, sign-up and reset forms (email keyboard and autofill). */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'inputMode'>) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('form.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      {...props}
    />
  );
}

/**
 * A new password and its confirmation, both autofilled as a new password (sign-up, password reset,
 * change password). The caller validates that the two match.
 */
export function NewPasswordFields({
  label,
  hint,
  password,
  confirm,
  passwordError,
  confirmError,
  onPasswordChange,
  onConfirmChange,
  autoFocus,
  disabled,
  names,
}: {
  /** The new password's label. */
  label: string;
  hint?: ReactNode;
  password: string;
  confirm: string;
  passwordError: string | undefined;
  confirmError: string | undefined;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  autoFocus?: boolean;
  disabled?: boolean;
  /** The inputs' `name`s, where the form gives them. */
  names?: { password: string; confirm: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={label}
        type="password"
        name={names?.password}
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={password}
        error={passwordError}
        hint={hint}
        disabled={disabled}
        onChange={(e) => onPasswordChange(e.target.value)}
      />
      <TextField
        label={t('form.confirmPassword')}
        type="password"
        name={names?.confirm}
        autoComplete="new-password"
        value={confirm}
        error={confirmError}
        disabled={disabled}
        onChange={(e) => onConfirmChange(e.target.value)}
      />
    </>
  );
}
