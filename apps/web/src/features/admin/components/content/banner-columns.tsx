import { Button, Flex, Popconfirm, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { AdminBanner, BannerStatus } from '@turing/contract';
import type { TFunction } from 'i18next';
import { formatTime } from '../../lib/format.ts';

const STATUS_COLOURS: Record<BannerStatus, string> = {
  active: 'success',
  scheduled: 'processing',
  expired: 'default',
  off: 'warning',
};

export interface BannerActions {
  move(index: number, step: -1 | 1): void;
  setEnabled(banner: AdminBanner, on: boolean): void;
  edit(banner: AdminBanner): void;
  remove(banner: AdminBanner): void;
  /** A call for this banner is under way: its controls wait. */
  busy(id: string): boolean;
  reordering: boolean;
}

/** The banner table's columns: order, picture, text, link, schedule, status, on/off, actions. */
export function bannerColumns(
  t: TFunction,
  lang: string,
  count: number,
  act: BannerActions,
): TableColumnsType<AdminBanner> {
  const titleOf = (b: AdminBanner) => (lang === 'zh' ? b.title.zh : b.title.en);
  return [
    {
      key: 'order',
      title: t('banners.order'),
      width: 96,
      render: (_, b, i) => (
        <Flex gap={4}>
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('banners.moveUp', { title: titleOf(b) })}
            disabled={i === 0 || act.reordering}
            onClick={() => act.move(i, -1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('banners.moveDown', { title: titleOf(b) })}
            disabled={i === count - 1 || act.reordering}
            onClick={() => act.move(i, 1)}
          />
        </Flex>
      ),
    },
    {
      key: 'picture',
      title: t('banners.picture'),
      width: 144,
      render: (_, b) => (
        <img
          className="content-banner__thumb"
          src={b.imageUrl}
          alt={t('banners.pictureOf', { title: titleOf(b) })}
          width={128}
          height={40}
          loading="lazy"
        />
      ),
    },
    {
      key: 'title',
      title: t('banners.titles'),
      render: (_, b) => (
        <div className="content-banner__text">
          <span lang="en">{b.title.en}</span>
          <span lang="zh-CN">{b.title.zh}</span>
          {b.subtitle.en || b.subtitle.zh ? (
            <Typography.Text type="secondary" className="content-banner__subtitle">
              {lang === 'zh' ? b.subtitle.zh || b.subtitle.en : b.subtitle.en || b.subtitle.zh}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'link',
      title: t('banners.link'),
      // A work's link is long; the start says where it goes, the whole shows on hover.
      render: (_, b) => (
        <Typography.Text code ellipsis={{ tooltip: b.link }} className="content-banner__link">
          {b.link}
        </Typography.Text>
      ),
    },
    {
      key: 'schedule',
      title: t('banners.schedule'),
      render: (_, b) =>
        !b.startsAt && !b.endsAt ? (
          t('banners.always')
        ) : (
          <div className="content-banner__text">
            <span>{b.startsAt ? t('banners.from', { time: formatTime(b.startsAt, lang) }) : t('banners.fromNow')}</span>
            <span>{b.endsAt ? t('banners.until', { time: formatTime(b.endsAt, lang) }) : t('banners.noEnd')}</span>
          </div>
        ),
    },
    {
      key: 'status',
      title: t('banners.status'),
      render: (_, b) => <Tag color={STATUS_COLOURS[b.status]}>{t(`banners.statuses.${b.status}`)}</Tag>,
    },
    {
      key: 'enabled',
      title: t('banners.enabled'),
      render: (_, b) => (
        <Switch
          checked={b.enabled}
          loading={act.busy(b.id)}
          aria-label={t('banners.enabledFor', { title: titleOf(b) })}
          onChange={(on) => act.setEnabled(b, on)}
        />
      ),
    },
    {
      key: 'actions',
      title: t('banners.actions'),
      render: (_, b) => (
        <Flex gap={8}>
          <Button size="small" icon={<EditOutlined />} onClick={() => act.edit(b)}>
            {t('banners.edit')}
          </Button>
          <Popconfirm
            title={t('banners.deleteConfirm', { title: titleOf(b) })}
            okText={t('banners.delete')}
            cancelText={t('banners.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => act.remove(b)}
          >
            <Button size="small" danger icon={<DeleteOutlined />}>
              {t('banners.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];
}
