import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Modal } from '../../../shared/ui/Dialog';
import { dismissLimit, useLimitPrompt } from '../../../lib/limit-prompt';

/**
 * Opened whenever the API refuses something for a plan limit (PROJECT/MEMBER/MODEL/STORAGE):
 * names the limit and leads to /upgrade.
 */
export function UpgradePrompt() {
  const { t } = useTranslation();
  const code = useLimitPrompt();
  return (
    <Modal
      open={code !== null}
      onOpenChange={(open) => !open && dismissLimit()}
      title={code ? t(`upgradePrompt.title.${code}`) : ''}
      description={code ? t(`errors.${code}`) : undefined}
      size="sm"
      icon={
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Sparkles className="size-5" aria-hidden />
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={dismissLimit}>
            {t('upgradePrompt.later')}
          </Button>
          <Link to="/upgrade" className={buttonClass('primary')} onClick={dismissLimit}>
            {t('upgradePrompt.seePlans')}
          </Link>
        </>
      }
    >
      <p className="text-sm text-gray-700">{t('upgradePrompt.body')}</p>
    </Modal>
  );
}
