import { initI18n } from '../lib/i18n';

// The app renders once its language's texts are loaded (app/start.tsx); so do the tests, in
// English (no `locale` cookie). A test in Chinese loads it with `loadLanguage('zh-CN')`.
await initI18n();
