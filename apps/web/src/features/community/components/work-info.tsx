import { Link } from 'react-router';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkDetail } from '@turing/contract';
import { PATHS, detailPath } from '../../../shared/routes/paths.ts';
import { tagLabel } from '../lib/tag-label.ts';
import { FollowButton } from '../../../shared/ui/follow-button/follow-button.tsx';
import { UserAvatar } from '../../../shared/ui/user-avatar/user-avatar.tsx';

const SETTING_KEYS = [
  'mode',
  'type',
  'model',
  'size',
  'quality',
  'seed',
  'imageWeight',
  'textWeight',
  'controlStrength',
  'upscale',
] as const;

/** The creator, text, tags, counts, parameters and lineage of a work. */
export function WorkInfo({ work }: { work: WorkDetail }) {
  const { t, i18n } = useTranslation('community');
  const date = new Intl.DateTimeFormat(i18n.language.startsWith('zh') ? 'zh-CN' : 'en', {
    dateStyle: 'medium',
  }).format(new Date(work.publishedAt));
  const settings = SETTING_KEYS.flatMap((key) => {
    // Text to image has no base image, so only the text weight steered it (as the studio shows).
    if (work.settings?.mode === 'text' && (key === 'imageWeight' || key === 'controlStrength')) return [];
    const value = work.settings?.[key];
    return value === undefined || value === null || typeof value === 'object' ? [] : [[key, String(value)] as const];
  });

  return (
    <>
      <div className="work-creator">
        <Link to={`${PATHS.own}?userId=${encodeURIComponent(work.creator.id)}`} className="work-creator__who">
          <UserAvatar url={work.creator.avatarUrl} name={work.creator.nickname} size={44} />
          <span className="work-creator__text">
            <span className="work-creator__name" data-testid="creator-name">
              {work.creator.nickname}
            </span>
            <span className="work-creator__meta" data-testid="creator-followers">
              {t('detail.followers', { count: work.creator.followers })}
            </span>
          </span>
        </Link>
        {!work.mine && (
          <FollowButton
            userId={work.creator.id}
            nickname={work.creator.nickname}
            following={work.creator.followedByMe}
          />
        )}
      </div>
      <Typography.Text type="secondary">{t('detail.publishedOn', { date })}</Typography.Text>
      {work.description && <Typography.Paragraph className="work-description">{work.description}</Typography.Paragraph>}
      {work.tags.length > 0 && (
        <div className="work-tags" aria-label={t('detail.tags')} role="group">
          {work.tags.map((tag) => (
            <Tag key={`${tag.category}:${tag.slug}`}>{tagLabel(tag, i18n.language)}</Tag>
          ))}
        </div>
      )}
      <dl className="work-counts">
        <div>
          <dt>{t('detail.likes')}</dt>
          <dd data-testid="like-count">{work.likeCount}</dd>
        </div>
        <div>
          <dt>{t('detail.collections')}</dt>
          <dd data-testid="collect-count">{work.collectCount}</dd>
        </div>
        <div>
          <dt>{t('detail.shares')}</dt>
          <dd data-testid="share-count">{work.shareCount}</dd>
        </div>
      </dl>
      {work.hideParams ? (
        <Typography.Text type="secondary" data-testid="params-hidden">
          {t('detail.paramsHidden')}
        </Typography.Text>
      ) : (
        <div className="work-params">
          {work.prompt && (
            <>
              <Typography.Title level={2} className="community-h3">
                {t('detail.prompt')}
              </Typography.Title>
              <Typography.Paragraph className="work-prompt">{work.prompt}</Typography.Paragraph>
            </>
          )}
          {settings.length > 0 && (
            <>
              <Typography.Title level={2} className="community-h3">
                {t('detail.settings')}
              </Typography.Title>
              <dl className="work-settings">
                {settings.map(([key, value]) => (
                  <div key={key}>
                    <dt>{t(`settingKeys.${key}`)}</dt>
                    <dd>{t(`settingValues.${value}`, { defaultValue: value })}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </div>
      )}
      {work.basedOn && (
        <div className="work-based-on">
          <Typography.Text type="secondary">{t('detail.basedOn')}</Typography.Text>
          <Link to={detailPath(work.basedOn.id)} className="work-based-on__link" data-testid="based-on">
            <img src={work.basedOn.thumbUrl} alt="" loading="lazy" decoding="async" />
            <span>{work.basedOn.title}</span>
          </Link>
        </div>
      )}
    </>
  );
}
