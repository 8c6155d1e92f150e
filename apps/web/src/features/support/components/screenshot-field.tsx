import { useState } from 'react';
import { Button, Image, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import type { UploadedImage } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useUploadScreenshot } from '../api/upload-screenshot.ts';
import { checkImageFile } from '../../../shared/api/upload-image.ts';

interface Props {
  /** The id of the uploaded image (set by the form). */
  value?: string;
  onChange?: (id: string | undefined) => void;
  onBusyChange?: (busy: boolean) => void;
}

/** Picks, checks and uploads one screenshot; the form keeps only the upload id. */
export function ScreenshotField({ value, onChange, onBusyChange }: Props) {
  const { t } = useTranslation('support');
  const upload = useUploadScreenshot();
  const [image, setImage] = useState<UploadedImage | null>(null);
  // A form reset clears the value; the preview follows it.
  const shown = image && image.id === value ? image : null;

  const pick = (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(t(`errors:${problem}`));
      return Upload.LIST_IGNORE;
    }
    onBusyChange?.(true);
    upload.mutate(file, {
      onSuccess(uploaded) {
        setImage(uploaded);
        onChange?.(uploaded.id);
        toast.success(t('form.uploaded'));
      },
      onSettled: () => onBusyChange?.(false),
    });
    // The upload runs through the API client above, not through antd's own request.
    return false;
  };

  if (shown) {
    return (
      <div className="support-shot">
        <Image src={shown.url} alt={t('form.screenshotAlt')} width={120} height={80} className="support-shot__img" />
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.(undefined)}>
          {t('form.removeScreenshot')}
        </Button>
      </div>
    );
  }
  return (
    <Upload accept=".png,.jpg,.jpeg,image/png,image/jpeg" showUploadList={false} beforeUpload={pick} maxCount={1}>
      <Button icon={<PictureOutlined />} loading={upload.isPending} data-testid="screenshot-button">
        {upload.isPending ? t('form.uploading') : t('form.addScreenshot')}
      </Button>
    </Upload>
  );
}
