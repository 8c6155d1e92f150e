import { useTranslation } from 'react-i18next';
import { OneTimeSecretModal } from './one-time-secret-modal.tsx';

/** The new key's secret, this once: only its digest is kept, so it cannot be shown again. */
export function ApiKeySecretModal({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation('developer');
  return (
    <OneTimeSecretModal
      secret={token}
      testId="api-key-secret"
      onClose={onClose}
      texts={{
        title: t('keys.secret.title'),
        warning: t('keys.secret.warning'),
        detail: t('keys.secret.warningDetail'),
        label: t('keys.secret.label'),
        copy: t('keys.secret.copy'),
        copiedShort: t('keys.secret.copiedShort'),
        copied: t('keys.secret.copied'),
        copyFailed: t('keys.secret.copyFailed'),
        done: t('keys.secret.done'),
      }}
    />
  );
}
