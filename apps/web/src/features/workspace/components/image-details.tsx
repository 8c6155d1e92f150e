import type { ReactNode } from 'react';
import { Descriptions, Empty, Tag } from 'antd';
import type { DesignType, FolderImage, Tag as TagDef } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useDesignTags } from '../../../shared/api/get-design-tags.ts';
import { formatBytes, useFormatTime } from '../lib/format.ts';

const TAG_GROUPS = ['style', 'material', 'function'] as const;
const WEIGHTS = ['imageWeight', 'textWeight', 'controlStrength'] as const;
const TEXT_WEIGHTS = ['textWeight'] as const;

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const list = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** The file facts and the parameters an image was made with, labelled in the reader's language. */
export function ImageDetails({ image }: { image: FolderImage }) {
  const { t, i18n } = useTranslation('workspace');
  const formatTime = useFormatTime();
  const p = image.params;
  const type: DesignType = p?.type === 'interior' ? 'interior' : 'architectural';
  const tagsOf = (p?.tags ?? {}) as Record<string, unknown>;
  const hasTags = TAG_GROUPS.some((g) => list(tagsOf[g]).length > 0);
  const tags = useDesignTags(type, hasTags);
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const label = (slug: string) => {
    const all: TagDef[] = tags.data ? [...tags.data.style, ...tags.data.material, ...tags.data.function] : [];
    return all.find((x) => x.slug === slug)?.label[lang] ?? slug;
  };
  // Known values read through the locale; anything else is shown as stored.
  const value = (group: string, v: unknown) => {
    const s = str(v);
    return s ? t(`values.${group}.${s}`, { defaultValue: s }) : null;
  };

  const rows: { key: string; label: string; children: ReactNode }[] = [];
  const add = (key: string, children: ReactNode) => {
    if (children !== null && children !== undefined && children !== '')
      rows.push({ key, label: t(`details.${key}`), children });
  };

  if (p) {
    add('mode', value('mode', p.mode));
    if (p.mode !== 'upscale') {
      add('prompt', str(p.prompt)?.trim() || t('details.noPrompt'));
      add('negativePrompt', str(p.negativePrompt)?.trim() || null);
      add('type', value('type', p.type));
      add('model', value('model', p.model));
      add('size', str(p.size));
      add('quality', value('quality', p.quality));
      // Text to image has no base image, so only the text weight steered it (as the studio shows).
      for (const w of p.mode === 'text' ? TEXT_WEIGHTS : WEIGHTS)
        add(w, typeof p[w] === 'number' ? String(p[w]) : null);
      for (const g of TAG_GROUPS) {
        const slugs = list(tagsOf[g]);
        add(
          g,
          slugs.length ? (
            <span className="ws-details__tags">
              {slugs.map((s) => (
                <Tag key={s}>{label(s)}</Tag>
              ))}
            </span>
          ) : null,
        );
      }
    }
    add('upscale', typeof p.upscale === 'number' ? t('details.upscaleValue', { n: p.upscale }) : null);
    // The image's own seed (a task's images each have one); none when its engine takes no seed.
    add('seed', image.seed !== null ? String(image.seed) : null);
  }

  return (
    <div className="ws-details" data-testid="image-details">
      <img className="ws-details__image" src={image.thumbUrl} alt="" />
      <Descriptions
        size="small"
        column={1}
        bordered
        title={<h3 className="ws-details__heading">{t('details.file')}</h3>}
        items={[
          { key: 'created', label: t('details.created'), children: formatTime(image.createdAt) },
          { key: 'dimensions', label: t('details.dimensions'), children: `${image.width} × ${image.height}` },
          { key: 'fileSize', label: t('details.fileSize'), children: formatBytes(image.bytes, i18n.language) },
        ]}
      />
      {rows.length ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          title={<h3 className="ws-details__heading">{t('details.params')}</h3>}
          items={rows}
          data-testid="image-params"
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.none')} />
      )}
    </div>
  );
}
