import { useId } from 'react';
import { Button, Flex, Popconfirm, Tag, Typography, Upload } from 'antd';
import { RollbackOutlined, UploadOutlined } from '@ant-design/icons';
import { PRESET_PICTURE, type PresetPicture } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { checkImageFile } from '../../../../shared/api/upload-image.ts';
import { toast } from '../../../../shared/ui/toast.ts';
import { useReplacePresetPicture } from '../../api/replace-preset-picture.ts';
import { useRestorePresetPicture } from '../../api/restore-preset-picture.ts';
import { formatTime } from '../../lib/format.ts';

/** One style or material: the picture the studio shows, with "Replace" and "Restore original". */
export function PresetCard({ preset }: { preset: PresetPicture }) {
  const { t, i18n } = useTranslation('admin-content');
  const nameId = useId();
  const replace = useReplacePresetPicture();
  const restore = useRestorePresetPicture();
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const other = lang === 'zh' ? 'en' : 'zh';
  const name = preset.label[lang];
  const key = { category: preset.category, slug: preset.slug };

  const pick = (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(t(`errors:${problem}`));
      return Upload.LIST_IGNORE;
    }
    replace.mutate({ preset: key, file }, { onSuccess: () => toast.success(t('presets.replacedToast', { name })) });
    // Sent through the API client above, not by antd's own request.
    return false;
  };

  return (
    <article className="content-preset" aria-labelledby={nameId} data-slug={preset.slug}>
      <span className="content-preset__thumb">
        {preset.imageUrl ? (
          <img
            src={preset.imageUrl}
            alt=""
            width={PRESET_PICTURE.width}
            height={PRESET_PICTURE.height}
            loading="lazy"
          />
        ) : (
          <Typography.Text type="secondary">{t('presets.noPicture')}</Typography.Text>
        )}
      </span>
      <div className="content-preset__body">
        <h3 id={nameId} className="content-preset__name">
          {name}{' '}
          <span className="content-preset__alt" lang={other === 'zh' ? 'zh-CN' : 'en'}>
            {preset.label[other]}
          </span>
        </h3>
        {preset.replaced ? (
          <>
            <Tag color="processing">{t('presets.replaced')}</Tag>
            {preset.updatedBy && preset.updatedAt ? (
              <Typography.Text type="secondary" className="content-preset__by">
                {t('presets.replacedBy', { name: preset.updatedBy, time: formatTime(preset.updatedAt, i18n.language) })}
              </Typography.Text>
            ) : null}
          </>
        ) : (
          <Tag>{t('presets.original')}</Tag>
        )}
        <Flex gap={8} wrap>
          <Upload accept=".png,.jpg,.jpeg,image/png,image/jpeg" showUploadList={false} beforeUpload={pick} maxCount={1}>
            <Button size="small" icon={<UploadOutlined />} loading={replace.isPending}>
              {t('presets.replace')}
            </Button>
          </Upload>
          {preset.replaced ? (
            <Popconfirm
              title={t('presets.restoreConfirm', { name })}
              okText={t('presets.restore')}
              cancelText={t('banners.cancel')}
              onConfirm={() =>
                restore.mutate(key, { onSuccess: () => toast.success(t('presets.restoredToast', { name })) })
              }
            >
              <Button size="small" icon={<RollbackOutlined />} loading={restore.isPending}>
                {t('presets.restore')}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      </div>
    </article>
  );
}
