import { Button, Empty, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { LockOutlined, StopOutlined, UnlockOutlined } from '@ant-design/icons';
import type { ReviewLink } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useReviewLinks } from '../api/review-links.ts';
import { useRevokeReviewLink } from '../api/review-link-revoke.ts';
import { useFormatTime } from './comment-time.ts';

type LinkStatus = 'active' | 'expired' | 'revoked';
const statusOf = (link: ReviewLink): LinkStatus => (link.revoked ? 'revoked' : link.expired ? 'expired' : 'active');
const STATUS_COLOR: Record<LinkStatus, string> = { active: 'success', expired: 'default', revoked: 'error' };

/** The project's review links: whether each still works, its password, expiry, last opening and comments. */
export function ReviewLinkList({ projectId }: { projectId: string }) {
  const { t } = useTranslation('project');
  const links = useReviewLinks(projectId);
  const revoke = useRevokeReviewLink(projectId);
  const formatTime = useFormatTime();

  let body;
  if (links.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (links.isError) body = <Typography.Text type="danger">{t('share.list.loadFailed')}</Typography.Text>;
  else if (!links.data.links.length)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('share.list.empty')} />;
  else
    body = (
      <ul className="review-share__links" data-testid="review-links">
        {links.data.links.map((link) => {
          const status = statusOf(link);
          const name = link.label || t('share.list.untitled');
          return (
            <li key={link.id} className="review-share__link" data-testid="review-link" data-status={status}>
              <div className="review-share__link-main">
                <span className="review-share__link-name">{name}</span>
                <Tag color={STATUS_COLOR[status]}>{t(`share.list.${status}`)}</Tag>
              </div>
              <div className="review-share__link-facts">
                <span>
                  {link.hasPassword ? <LockOutlined aria-hidden /> : <UnlockOutlined aria-hidden />}{' '}
                  {link.hasPassword ? t('share.list.password') : t('share.list.noPassword')}
                </span>
                <span>
                  {link.expiresAt
                    ? t(link.expired ? 'share.list.expiredOn' : 'share.list.expires', {
                        date: formatTime(link.expiresAt),
                      })
                    : t('share.list.neverExpires')}
                </span>
                <span>
                  {link.lastOpenedAt
                    ? t('share.list.lastOpened', { date: formatTime(link.lastOpenedAt) })
                    : t('share.list.neverOpened')}
                </span>
                <span>{t('share.list.comments', { count: link.commentCount })}</span>
              </div>
              {status !== 'revoked' && (
                <Popconfirm
                  title={t('share.list.revokeTitle', { name })}
                  description={t('share.list.revokeDescription')}
                  okText={t('share.list.revoke')}
                  cancelText={t('share.list.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke.mutateAsync(link.id)}
                >
                  <Button
                    danger
                    size="small"
                    icon={<StopOutlined />}
                    aria-label={t('share.list.revokeNamed', { name })}
                  >
                    {t('share.list.revoke')}
                  </Button>
                </Popconfirm>
              )}
            </li>
          );
        })}
      </ul>
    );

  return (
    <section className="review-share__section" aria-labelledby="review-links-title">
      <h3 id="review-links-title" className="review-share__heading">
        {t('share.list.heading')}
      </h3>
      {body}
    </section>
  );
}
