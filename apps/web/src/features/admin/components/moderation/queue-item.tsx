import { useId } from 'react';
import { Button, Flex, Input, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MODERATION_NOTE_MAX, type ModerationQueueItem } from '@turing/contract';
import { formatTime } from '../../lib/format.ts';
import { reasonText } from './reason-text.ts';
import type { ItemNavProps } from './use-list-navigation.ts';
import { WorkImage } from './work-image.tsx';

export interface QueueItemProps {
  item: ModerationQueueItem;
  /** From the list's navigation: focus, tab order, active marker. */
  nav: ItemNavProps;
  reason: string;
  onReason: (text: string) => void;
  onHide: () => void;
  onDismiss: () => void;
  /** Back to the card from its reason field. */
  onLeaveReason: () => void;
  busy: boolean;
  canAct: boolean;
}

/** The reason a hide without a typed one records: what most reporters said. */
export const defaultReason = (item: ModerationQueueItem) => item.reasons[0]?.reason ?? 'other';

/** One reported work: its image, what reporters said, its author's history and the actions. */
export function QueueItem({
  item,
  nav,
  reason,
  onReason,
  onHide,
  onDismiss,
  onLeaveReason,
  busy,
  canAct,
}: QueueItemProps) {
  const { t, i18n } = useTranslation('admin-moderation');
  const titleId = useId();
  const { work, author } = item;
  const time = (iso: string) => formatTime(iso, i18n.language);
  return (
    <article {...nav} aria-labelledby={titleId} className="moderation-item">
      <WorkImage work={work} />
      <div className="moderation-item__body">
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={2} id={titleId} className="moderation-item__title">
            {work.title}
          </Typography.Title>
          <Tag>{t(`moderation.state.${work.state}`)}</Tag>
          <Tag className="moderation-item__count">{t('moderation.queue.count', { count: item.reports })}</Tag>
        </Flex>
        <Flex gap={4} wrap className="moderation-item__reasons">
          {item.reasons.map((r) => (
            <Tag key={r.reason}>
              {reasonText(t, r.reason)} × {r.count}
            </Tag>
          ))}
        </Flex>
        {item.details.length > 0 ? (
          <ul className="moderation-item__details" aria-label={t('moderation.queue.detailsLabel')}>
            {item.details.map((d) => (
              <li key={`${d.at}-${d.text}`}>
                <q>{d.text}</q>{' '}
                <span className="moderation-muted">
                  {reasonText(t, d.reason)} · {time(d.at)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="moderation-muted">{t('moderation.queue.noDetails')}</p>
        )}
        <p className="moderation-muted">
          {t('moderation.queue.reported', { first: time(item.firstReportedAt), last: time(item.lastReportedAt) })}
        </p>
      </div>
      <div className="moderation-item__side">
        <div className="moderation-item__author">
          <span className="moderation-muted">{t('moderation.queue.author')}</span>{' '}
          <Link to={`/admin/users?user=${encodeURIComponent(author.id)}`}>{author.username}</Link>
          <p className="moderation-item__history">
            {t('moderation.queue.works', { count: author.works })} ·{' '}
            {author.hiddenWorks > 0
              ? t('moderation.queue.hiddenWorks', { count: author.hiddenWorks })
              : t('moderation.queue.noHiddenWorks')}
            {author.suspended ? (
              <Tag className="moderation-item__suspended">{t('moderation.queue.suspended')}</Tag>
            ) : null}
          </p>
        </div>
        {canAct ? (
          <Flex vertical gap={8}>
            <Input
              size="small"
              maxLength={MODERATION_NOTE_MAX}
              value={reason}
              onChange={(e) => onReason(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  onHide();
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  onLeaveReason();
                }
              }}
              placeholder={t('moderation.queue.reasonPlaceholder', { reason: reasonText(t, defaultReason(item)) })}
              aria-label={t('moderation.queue.reasonLabel', { title: work.title })}
              data-reason-for={work.id}
            />
            <Flex gap={8}>
              <Button
                danger
                autoInsertSpace={false}
                onClick={onHide}
                disabled={busy}
                aria-label={t('moderation.queue.hideWork', { title: work.title })}
              >
                {t('moderation.queue.hide')}
              </Button>
              <Button
                autoInsertSpace={false}
                onClick={onDismiss}
                disabled={busy}
                aria-label={t('moderation.queue.dismissWork', { title: work.title })}
              >
                {t('moderation.queue.dismiss')}
              </Button>
            </Flex>
          </Flex>
        ) : null}
      </div>
    </article>
  );
}
