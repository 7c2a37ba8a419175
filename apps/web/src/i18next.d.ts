import 'i18next';
import type { ErrorCode } from '@truss/contracts';
import type en from './locales/en.json';
import type { ValidationTexts } from './lib/i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    returnNull: false;
    resources: {
      translation: typeof en & { errors: Record<ErrorCode, string>; validation: ValidationTexts };
    };
  }
}
