import { useSyncExternalStore, useState } from 'react';
import { Alert } from 'antd';
import { LIMITS } from '@turing/contract';
import { useTranslation } from 'react-i18next';

const { width, height } = LIMITS.recommendedResolution;
const query = `(max-width: ${width - 1}px)`;
const subscribe = (notify: () => void) => {
  const list = window.matchMedia(query);
  list.addEventListener('change', notify);
  return () => list.removeEventListener('change', notify);
};
const narrow = () => window.matchMedia(query).matches;

/** Below 1440 px the studio still works, but says it is made for a larger screen. */
export function PcNotice() {
  const { t } = useTranslation('design');
  const isNarrow = useSyncExternalStore(subscribe, narrow, () => false);
  const [dismissed, setDismissed] = useState(false);
  if (!isNarrow || dismissed) return null;
  return (
    <Alert
      type="info"
      showIcon
      closable={{ onClose: () => setDismissed(true), 'aria-label': t('pcNotice.dismiss') }}
      title={t('pcNotice.text', { width, height })}
      className="studio-pc-notice"
      data-testid="pc-notice"
    />
  );
}
