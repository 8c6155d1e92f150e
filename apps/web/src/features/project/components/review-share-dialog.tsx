import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReviewLinkForm } from './review-link-form.tsx';
import { ReviewLinkList } from './review-link-list.tsx';
import { ReviewLinkSecret } from './review-link-secret.tsx';
import './review-share.css';

/**
 * The owner's "Share" dialog: makes review links (a label, an expiry, a password), shows a new
 * link's full address this once, and lists the project's links with their state, to revoke them.
 */
export function ShareDialog(props: { projectId: string; projectName?: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('project');
  // The new link's token: held here only, forgotten when the owner is done with it or closes the dialog.
  const [token, setToken] = useState<string | null>(null);
  const close = () => {
    setToken(null);
    props.onClose();
  };

  return (
    <Modal
      open={props.open}
      title={props.projectName ? t('share.titleOf', { name: props.projectName }) : t('share.title')}
      onCancel={close}
      // A stray click outside must not lose the only showing of a new link.
      mask={{ closable: token === null }}
      keyboard={token === null}
      destroyOnHidden
      width={720}
      footer={
        <Button onClick={close} disabled={token !== null}>
          {t('share.close')}
        </Button>
      }
    >
      <div className="review-share" data-testid="share-dialog">
        <Typography.Paragraph type="secondary" className="review-share__intro">
          {t('share.intro')}
        </Typography.Paragraph>
        {token ? (
          <ReviewLinkSecret token={token} onDone={() => setToken(null)} />
        ) : (
          <ReviewLinkForm projectId={props.projectId} onCreated={setToken} />
        )}
        <ReviewLinkList projectId={props.projectId} />
      </div>
    </Modal>
  );
}
