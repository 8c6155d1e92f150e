import { Button, Drawer, Space } from 'antd';
import {
  CheckCircleFilled,
  DeleteOutlined,
  DownloadOutlined,
  ExperimentOutlined,
  PictureOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { FolderImage } from '@turing/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { detailPath } from '../../../shared/routes/paths.ts';
import { downloadOf, type ImageActions } from '../lib/image-actions.ts';
import { ImageDetails } from './image-details.tsx';

interface Props {
  image: FolderImage | null;
  actions: Omit<ImageActions, 'preview' | 'details'>;
  onClose(): void;
}

/** An image's parameters and everything that can be done with it. */
export function ImageDrawer({ image, actions, onClose }: Props) {
  const { t } = useTranslation('workspace');
  return (
    <Drawer
      open={Boolean(image)}
      onClose={onClose}
      title={t('details.title')}
      size={440}
      destroyOnHidden
      data-testid="image-drawer"
      footer={
        image && (
          <Space wrap size={8}>
            {image.params && (
              <Button type="primary" icon={<ExperimentOutlined />} onClick={() => actions.openInStudio(image)}>
                {t('images.openInStudio')}
              </Button>
            )}
            <Button icon={<PictureOutlined />} onClick={() => actions.asBase(image)}>
              {t('images.useAsBase')}
            </Button>
            {actions.publish && (
              <Button icon={<ShareAltOutlined />} onClick={() => actions.publish?.(image)}>
                {image.workId ? t('images.editWork') : t('images.publish')}
              </Button>
            )}
            <Button icon={<DownloadOutlined />} {...downloadOf(image)}>
              {t('images.download')}
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={() => actions.remove([image.id])}>
              {t('images.delete')}
            </Button>
          </Space>
        )
      }
    >
      {image && (
        <>
          {image.workId && (
            <Link to={detailPath(image.workId)} className="ws-details__published">
              <CheckCircleFilled aria-hidden /> {t('images.published')}
            </Link>
          )}
          <ImageDetails image={image} />
        </>
      )}
    </Drawer>
  );
}
