import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModerationQueueItem } from '@turing/contract';

const SIZE = 220;

/** A work's image at a size that shows what was reported; a click enlarges it, the link opens the original. */
export function WorkImage({ work, size = SIZE }: { work: ModerationQueueItem['work']; size?: number }) {
  const { t } = useTranslation('admin-moderation');
  return (
    <div className="moderation-image" style={{ width: size }}>
      <Image
        src={work.thumbUrl}
        alt={work.title}
        width={size}
        height={size}
        style={{ objectFit: 'contain' }}
        preview={{ src: work.imageUrl }}
      />
      <a
        href={work.imageUrl}
        target="_blank"
        rel="noreferrer"
        className="moderation-image__link"
        aria-label={t('moderation.openImage', { title: work.title })}
      >
        {t('moderation.fullSize')}
      </a>
    </div>
  );
}
