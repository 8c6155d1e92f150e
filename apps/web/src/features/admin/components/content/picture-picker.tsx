import { useState } from 'react';
import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkImageFile } from '../../../../shared/api/upload-image.ts';
import { toast } from '../../../../shared/ui/toast.ts';

interface Props {
  /** The picture chosen (set by the form); sent when the form is saved. */
  value?: File | null;
  onChange?: (file: File | null) => void;
  /** The picture shown now, before another is chosen. */
  currentUrl?: string | null;
  alt: string;
  id?: string;
}

/**
 * Chooses one png or jpeg picture, checked in the browser first (type, at most 5MB; the server
 * checks its content again), and shows it before it is saved.
 */
export function PicturePicker({ value, onChange, currentUrl, alt, id }: Props) {
  const { t } = useTranslation('admin-content');
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const preview = chosen && chosen.file === value ? chosen.url : null;

  const pick = (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(t(`errors:${problem}`));
      return Upload.LIST_IGNORE;
    }
    const reader = new FileReader();
    reader.onload = () => typeof reader.result === 'string' && setChosen({ file, url: reader.result });
    reader.readAsDataURL(file);
    onChange?.(file);
    // Kept in the form and sent with it, not uploaded on its own.
    return false;
  };

  const shown = preview ?? currentUrl ?? null;
  return (
    <div className="content-picture">
      {shown ? <img src={shown} alt={alt} className="content-picture__img" /> : null}
      <Upload accept=".png,.jpg,.jpeg,image/png,image/jpeg" showUploadList={false} beforeUpload={pick} maxCount={1}>
        <Button id={id} icon={<UploadOutlined />}>
          {value ? t('picture.chosen', { name: value.name }) : shown ? t('picture.change') : t('picture.choose')}
        </Button>
      </Upload>
    </div>
  );
}
