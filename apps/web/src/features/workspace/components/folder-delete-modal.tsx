import { useState } from 'react';
import { Alert, Modal, Radio, Typography } from 'antd';
import type { Folder } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useDeleteFolder } from '../api/delete-folder.ts';

interface Props {
  folder: Folder | null;
  defaultFolder: Folder | undefined;
  onClose(): void;
  onDeleted(folder: Folder): void;
}

/** Says what happens to the folder's images and lets the user choose: move them, or delete them. */
export function FolderDeleteModal({ folder, defaultFolder, onClose, onDeleted }: Props) {
  const { t } = useTranslation('workspace');
  const remove = useDeleteFolder();
  // The choice belongs to one folder: another folder's dialog starts again from "move".
  const [choice, setChoice] = useState<{ id: string; images: 'move' | 'delete' } | null>(null);
  const images = choice && choice.id === folder?.id ? choice.images : 'move';
  const setImages = (value: 'move' | 'delete') => folder && setChoice({ id: folder.id, images: value });

  const confirm = async () => {
    if (!folder) return;
    try {
      await remove.mutateAsync({ id: folder.id, images: folder.fileCount ? images : 'move' });
    } catch {
      return;
    }
    toast.success(
      folder.fileCount && images === 'move'
        ? t('folders.deletedMoved', { name: defaultFolder?.name ?? '' })
        : t('folders.deleted'),
    );
    onDeleted(folder);
    onClose();
  };

  return (
    <Modal
      open={Boolean(folder)}
      title={folder ? t('folders.deleteTitle', { name: folder.name }) : null}
      okText={t('folders.deleteConfirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('cancel')}
      onOk={() => void confirm()}
      onCancel={onClose}
      confirmLoading={remove.isPending}
      destroyOnHidden
    >
      {folder && folder.fileCount === 0 && <Typography.Paragraph>{t('folders.deleteEmpty')}</Typography.Paragraph>}
      {folder && folder.fileCount > 0 && (
        <>
          <Typography.Paragraph id="ws-delete-question">
            {t('folders.deleteHolds', { count: folder.fileCount })}
          </Typography.Paragraph>
          <Radio.Group
            aria-labelledby="ws-delete-question"
            value={images}
            onChange={(e) => setImages(e.target.value as 'move' | 'delete')}
            className="ws-delete-choice"
            options={[
              { value: 'move', label: t('folders.deleteMove', { name: defaultFolder?.name ?? '' }) },
              { value: 'delete', label: t('folders.deleteImages') },
            ]}
          />
          <Alert type="info" showIcon title={t('folders.deletePublished')} className="ws-delete-note" />
        </>
      )}
    </Modal>
  );
}
