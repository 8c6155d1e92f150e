import { useState } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FlagOutlined,
  HeartFilled,
  HeartOutlined,
  ShareAltOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WorkDetail } from '@turing/contract';
import { toast } from '../../../shared/ui/toast.ts';
import { useShareWork } from '../api/share-work.ts';
import { useToggleWork } from '../api/toggle-work.ts';
import { useUnpublishWork } from '../api/unpublish-work.ts';
import { useCopyParams } from '../hooks/use-copy-params.ts';
import { useRequireLogin } from '../../../shared/session/use-require-login.ts';
import { copyText } from '../lib/clipboard.ts';
import { toastFailure } from '../lib/failure.ts';
import { ReportModal } from './report-modal.tsx';
import { ShareFallback } from './share-fallback.tsx';

interface Props {
  work: WorkDetail;
  onEdit(): void;
}

/** Like, collect, share, copy parameters and report; the owner also edits or unpublishes. */
export function WorkActions({ work, onEdit }: Props) {
  const { t } = useTranslation('community');
  const requireLogin = useRequireLogin();
  const toggle = useToggleWork((action, err) => toastFailure(t, action, err));
  const share = useShareWork();
  const unpublish = useUnpublishWork();
  const copy = useCopyParams(work);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);

  const onShare = () =>
    share.mutate(work.id, {
      onSuccess: async ({ url }) => {
        if (await copyText(url)) toast.success(t('actions.linkCopied'));
        else setShareUrl(url);
      },
      onError: (err) => toastFailure(t, 'share', err),
    });

  const copyButton = (
    <Button
      icon={<CopyOutlined />}
      disabled={work.hideParams}
      loading={copy.pending}
      data-testid="copy-params"
      onClick={() => void copy.run()}
    >
      {t('actions.copyParams')}
    </Button>
  );

  return (
    <div className="work-actions">
      <Button
        type={work.liked ? 'primary' : 'default'}
        icon={work.liked ? <HeartFilled /> : <HeartOutlined />}
        aria-pressed={work.liked}
        data-testid="like-button"
        onClick={() => requireLogin() && toggle.mutate({ work, kind: 'like' })}
      >
        {work.liked ? t('actions.liked') : t('actions.like')}
      </Button>
      <Button
        type={work.collected ? 'primary' : 'default'}
        icon={work.collected ? <StarFilled /> : <StarOutlined />}
        aria-pressed={work.collected}
        data-testid="collect-button"
        onClick={() => requireLogin() && toggle.mutate({ work, kind: 'collect' })}
      >
        {work.collected ? t('actions.collected') : t('actions.collect')}
      </Button>
      <Button icon={<ShareAltOutlined />} loading={share.isPending} data-testid="share-button" onClick={onShare}>
        {t('actions.share')}
      </Button>
      {work.hideParams ? (
        // A disabled button gets no pointer events: the wrapper carries the tooltip and its focus.
        <Tooltip title={t('detail.paramsHidden')}>
          <span className="work-actions__disabled" tabIndex={0} aria-describedby="params-hidden-hint">
            {copyButton}
            <span id="params-hidden-hint" hidden>
              {t('detail.paramsHidden')}
            </span>
          </span>
        </Tooltip>
      ) : (
        copyButton
      )}
      {!work.mine && (
        <Button type="text" icon={<FlagOutlined />} data-testid="report-button" onClick={() => setReporting(true)}>
          {t('actions.report')}
        </Button>
      )}
      {work.mine && (
        <>
          {/* A work the administrator hid stays as it was until it is restored. */}
          {work.state !== 'hidden' && (
            <Button icon={<EditOutlined />} data-testid="edit-work" onClick={onEdit}>
              {t('actions.edit')}
            </Button>
          )}
          {work.state === 'published' && (
            <Popconfirm
              title={t('actions.unpublishConfirm')}
              okText={t('actions.unpublish')}
              cancelText={t('publish.cancel')}
              onConfirm={() => unpublish.mutateAsync(work.id).then(() => void toast.success(t('actions.unpublished')))}
            >
              <Button danger icon={<DeleteOutlined />} loading={unpublish.isPending} data-testid="unpublish-work">
                {t('actions.unpublish')}
              </Button>
            </Popconfirm>
          )}
        </>
      )}
      <ShareFallback url={shareUrl} onClose={() => setShareUrl(null)} />
      <ReportModal workId={work.id} open={reporting} onClose={() => setReporting(false)} />
    </div>
  );
}
