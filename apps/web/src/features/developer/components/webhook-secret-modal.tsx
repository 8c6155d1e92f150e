import { useTranslation } from 'react-i18next';
import { OneTimeSecretModal } from './one-time-secret-modal.tsx';

/** A signing secret, this once (after adding an endpoint or rotating its secret). */
export function WebhookSecretModal(props: { secret: string | null; rotated: boolean; onClose: () => void }) {
  const { t } = useTranslation('developer-webhooks');
  return (
    <OneTimeSecretModal
      secret={props.secret}
      testId="webhook-secret"
      onClose={props.onClose}
      texts={{
        title: props.rotated ? t('secret.rotatedTitle') : t('secret.title'),
        warning: t('secret.warning'),
        detail: props.rotated ? t('secret.rotatedDetail') : t('secret.warningDetail'),
        label: t('secret.label'),
        copy: t('secret.copy'),
        copiedShort: t('secret.copiedShort'),
        copied: t('secret.copied'),
        copyFailed: t('secret.copyFailed'),
        done: t('secret.done'),
      }}
    />
  );
}
