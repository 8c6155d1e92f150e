import { useId } from 'react';
import { Button, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HiddenWork } from '@turing/contract';
import { formatTime } from '../../lib/format.ts';
import { reasonText } from './reason-text.ts';
import type { ItemNavProps } from './use-list-navigation.ts';
import { WorkImage } from './work-image.tsx';

export interface HiddenItemProps {
  entry: HiddenWork;
  nav: ItemNavProps;
  onRestore: () => void;
  busy: boolean;
  canAct: boolean;
}

/** One hidden work: why, by whom and when, and the way back. */
export function HiddenItem({ entry, nav, onRestore, busy, canAct }: HiddenItemProps) {
  const { t, i18n } = useTranslation('admin-moderation');
  const titleId = useId();
  const { work, author } = entry;
  return (
    <article {...nav} aria-labelledby={titleId} className="moderation-item moderation-item--hidden">
      <WorkImage work={work} size={140} />
      <div className="moderation-item__body">
        <Typography.Title level={2} id={titleId} className="moderation-item__title">
          {work.title}
        </Typography.Title>
        <p>
          <span className="moderation-muted">{t('moderation.queue.author')}</span>{' '}
          <Link to={`/admin/users?user=${encodeURIComponent(author.id)}`}>{author.username}</Link>
        </p>
        <p>
          {entry.reason
            ? t('moderation.hidden.reason', { reason: reasonText(t, entry.reason) })
            : t('moderation.hidden.noReason')}
        </p>
        <p className="moderation-muted">
          {entry.hiddenBy ? t('moderation.hidden.by', { name: entry.hiddenBy }) : t('moderation.hidden.byUnknown')}
          {entry.hiddenAt ? ` ${t('moderation.hidden.at', { time: formatTime(entry.hiddenAt, i18n.language) })}` : null}
        </p>
      </div>
      {canAct ? (
        <Flex className="moderation-item__side" align="start">
          <Button
            autoInsertSpace={false}
            onClick={onRestore}
            disabled={busy}
            aria-label={t('moderation.hidden.restoreWork', { title: work.title })}
          >
            {t('moderation.hidden.restore')}
          </Button>
        </Flex>
      ) : null}
    </article>
  );
}
