import { useState } from 'react';
import { Empty, Modal, Segmented, Select, Tag } from 'antd';
import type { DesignType, ProjectVersion, Tag as TagDef } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useDesignTags } from '../../../shared/api/get-design-tags.ts';
import { CompareSlider } from '../../../shared/ui/compare-slider/compare-slider.tsx';
import { paramDifferences, type DiffValue, type ParamDifference } from '../lib/param-diff.ts';
import { layoutVersionTree } from '../lib/version-tree.ts';
import { modeKey } from './mode-icon.tsx';
import './version-compare.css';

interface Props {
  open: boolean;
  versions: readonly ProjectVersion[];
  /** The two versions shown first (A on the left, B on the right). */
  pair: [string, string] | null;
  onClose(): void;
}

type Layout = 'slider' | 'side';

/** Two versions side by side or under a slider, with the parameters in which they differ. */
export function VersionCompare({ open, versions, pair, onClose }: Props) {
  const { t } = useTranslation('project');
  // The caller remounts the dialog (a new key) for each pair it opens on.
  const [a, setA] = useState<string | null>(pair?.[0] ?? null);
  const [b, setB] = useState<string | null>(pair?.[1] ?? null);
  const [layout, setLayout] = useState<Layout>('slider');

  const labels = layoutVersionTree(versions).byId;
  const labelOf = (v: ProjectVersion) => `${labels.get(v.imageId)?.label ?? ''} · ${t(modeKey(v))}`;
  const options = versions.map((v) => ({ value: v.imageId, label: labelOf(v) }));
  const va = versions.find((v) => v.imageId === a);
  const vb = versions.find((v) => v.imageId === b);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width="min(1200px, 96vw)"
      title={t('compare.title')}
      destroyOnHidden
    >
      <div className="vcompare__bar">
        <label className="vcompare__pick">
          <span>{t('compare.a')}</span>
          <Select
            value={a}
            onChange={setA}
            options={options}
            aria-label={t('compare.pickA')}
            data-testid="compare-a"
            popupMatchSelectWidth={false}
          />
        </label>
        <label className="vcompare__pick">
          <span>{t('compare.b')}</span>
          <Select
            value={b}
            onChange={setB}
            options={options}
            aria-label={t('compare.pickB')}
            data-testid="compare-b"
            popupMatchSelectWidth={false}
          />
        </label>
        <Segmented<Layout>
          value={layout}
          onChange={setLayout}
          options={[
            { value: 'slider', label: t('compare.slider') },
            { value: 'side', label: t('compare.side') },
          ]}
          aria-label={t('compare.layout')}
        />
      </div>
      {va && vb ? (
        <>
          {layout === 'slider' ? (
            <div className="vcompare__slider">
              <CompareSlider
                before={{ url: va.url, thumbUrl: va.thumbUrl }}
                after={vb.url}
                alt={labelOf(vb)}
                width={vb.width}
                height={vb.height}
                labels={{ before: labelOf(va), after: labelOf(vb), compare: t('compare.sliderLabel') }}
                maxWidth={`min(100%, calc(60vh * ${vb.width / vb.height}))`}
              />
            </div>
          ) : (
            <div className="vcompare__side" data-testid="compare-side">
              {[va, vb].map((v, i) => (
                <figure key={i} className="vcompare__figure">
                  <img src={v.url} alt={labelOf(v)} width={v.width} height={v.height} />
                  <figcaption>
                    {i === 0 ? t('compare.a') : t('compare.b')} · {labelOf(v)}
                  </figcaption>
                </figure>
              ))}
            </div>
          )}
          <ParamTable a={va} b={vb} titles={[labelOf(va), labelOf(vb)]} />
        </>
      ) : (
        <Empty description={t('compare.pick')} />
      )}
    </Modal>
  );
}

const TAG_KEYS = new Set(['style', 'material', 'function']);

/** The parameters that differ, in a table a screen reader reads row by row. */
function ParamTable({ a, b, titles }: { a: ProjectVersion; b: ProjectVersion; titles: [string, string] }) {
  const { t, i18n } = useTranslation('project');
  const diffs = paramDifferences(a, b);
  const type: DesignType = (b.params ?? a.params)?.type === 'interior' ? 'interior' : 'architectural';
  const tags = useDesignTags(
    type,
    diffs.some((d) => TAG_KEYS.has(d.key)),
  );
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const tagLabel = (slug: string) => {
    const all: TagDef[] = tags.data ? [...tags.data.style, ...tags.data.material, ...tags.data.function] : [];
    return all.find((x) => x.slug === slug)?.label[lang] ?? slug;
  };
  const show = (d: ParamDifference, value: DiffValue) => {
    if (value === null) return <span className="vcompare__none">{t('compare.none')}</span>;
    if (Array.isArray(value)) return value.map((s) => <Tag key={s}>{tagLabel(s)}</Tag>);
    if (d.key === 'mode') return t(`mode.${value}`);
    if (d.key === 'upscale') return t('compare.upscaleValue', { n: value });
    if (d.key === 'model' || d.key === 'quality' || d.key === 'type')
      return t(`workspace:values.${d.key}.${value}`, { defaultValue: String(value) });
    return String(value);
  };

  if (diffs.length === 0)
    return (
      <p className="vcompare__same" data-testid="compare-same">
        {t('compare.same')}
      </p>
    );
  return (
    <table className="vcompare__table" data-testid="compare-diff">
      <caption>{t('compare.differences')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('compare.param')}</th>
          <th scope="col">{titles[0]}</th>
          <th scope="col">{titles[1]}</th>
        </tr>
      </thead>
      <tbody>
        {diffs.map((d) => (
          <tr key={d.key} data-key={d.key}>
            <th scope="row">{t(`params.${d.key}`)}</th>
            <td>{show(d, d.a)}</td>
            <td>{show(d, d.b)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
