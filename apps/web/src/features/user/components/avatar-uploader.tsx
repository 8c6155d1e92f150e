import { useState } from 'react';
import { Avatar, Button, Upload } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@turing/contract';
import { checkImageFile, uploadImage } from '../../../shared/api/upload-image.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { toastError } from '../../../shared/ui/toast-error.ts';
import { AvatarCropModal, type PickedImage } from './avatar-crop-modal.tsx';

/** Picks an image, checks it here first, crops it square, uploads the square and makes it the avatar. */
export function AvatarUploader({
  url,
  onUploaded,
}: {
  url: string | null;
  onUploaded(uploadId: string): Promise<UserProfile>;
}) {
  const { t } = useTranslation('user');
  const [busy, setBusy] = useState(false);
  const [picked, setPickedImage] = useState<PickedImage | null>(null);
  const setPicked = (file: File | null) => {
    if (picked) URL.revokeObjectURL(picked.url);
    setPickedImage(file ? { file, url: URL.createObjectURL(file) } : null);
  };

  const onFile = (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(t(`errors:${problem}`));
      return;
    }
    setPicked(file);
  };

  const onCropped = async (square: File) => {
    setBusy(true);
    try {
      const image = await uploadImage(square, 'avatar');
      await onUploaded(image.id);
      setPicked(null);
      toast.success(t('basic.avatarSaved'));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
      <Avatar size={88} src={url ?? undefined} icon={<UserOutlined />} alt={t('basic.avatar')} />
      <div>
        <Upload
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          showUploadList={false}
          beforeUpload={(file) => {
            onFile(file);
            return false;
          }}
        >
          <Button icon={<CameraOutlined />} loading={busy} data-testid="avatar-upload">
            {t('basic.changeAvatar')}
          </Button>
        </Upload>
        <div style={{ marginTop: 8, color: 'var(--ant-color-text-tertiary)', fontSize: 13 }}>
          {t('basic.avatarHint')}
        </div>
      </div>
      <AvatarCropModal
        picked={picked}
        busy={busy}
        onCancel={() => setPicked(null)}
        onCropped={(square) => void onCropped(square)}
      />
    </div>
  );
}
