import { useId } from 'react';
import { Alert, Flex, Spin, Typography } from 'antd';
import { PRESET_PICTURE, type PresetPicture } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { usePresetPictures } from '../../api/list-preset-pictures.ts';
import { PresetCard } from './preset-card.tsx';

function PresetGroup({ title, presets }: { title: string; presets: PresetPicture[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={2} id={id} className="content-presets__title">
        {title}
      </Typography.Title>
      <ul className="content-presets">
        {presets.map((p) => (
          <li key={p.slug}>
            <PresetCard preset={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The pictures of the studio's style and material cards, each replaceable and restorable. */
export function PresetsTab() {
  const { t } = useTranslation('admin-content');
  const presets = usePresetPictures();
  if (presets.isError) return <Alert type="error" showIcon title={presets.error.message} />;
  if (!presets.data) return <Spin />;
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">
        {t('presets.hint', { width: PRESET_PICTURE.width, height: PRESET_PICTURE.height })}
      </Typography.Text>
      <PresetGroup title={t('presets.styles')} presets={presets.data.style} />
      <PresetGroup title={t('presets.materials')} presets={presets.data.material} />
    </Flex>
  );
}
