import { StopOutlined, PictureOutlined } from '@ant-design/icons';
import type { ProjectDetail, ProjectVersion } from '@turing/contract';
import { useTranslation } from 'react-i18next';

/** The chosen reference: an image id, with its thumbnail when the page knows it. */
export interface ReferenceChoice {
  imageId: string;
  thumbUrl?: string;
}

interface Props {
  labelledBy: string;
  project: ProjectDetail;
  versions: readonly ProjectVersion[];
  value: ReferenceChoice | null;
  onChange(value: ReferenceChoice | null): void;
  disabled?: boolean;
}

/** Candidates for the style's reference: each view's current version, then the open view's others. */
function candidates(project: ProjectDetail, versions: readonly ProjectVersion[]) {
  const seen = new Map<string, { imageId: string; thumbUrl: string; label: string }>();
  for (const view of project.views)
    if (view.current) seen.set(view.current.imageId, { ...view.current, label: view.name });
  for (const v of versions) if (!seen.has(v.imageId)) seen.set(v.imageId, { ...v, label: v.title });
  return [...seen.values()];
}

/** Picks the style's reference image from the project's versions, or none. */
export function ReferencePicker({ labelledBy, project, versions, value, onChange, disabled }: Props) {
  const { t } = useTranslation('project');
  const list = candidates(project, versions);
  const known = value && list.some((c) => c.imageId === value.imageId);
  return (
    <div role="group" aria-labelledby={labelledBy} data-testid="style-reference">
      <ul className="refpick">
        <li>
          <button
            type="button"
            className="refpick__item refpick__item--none"
            aria-pressed={!value}
            onClick={() => onChange(null)}
            disabled={disabled}
          >
            <StopOutlined aria-hidden />
            <span>{t('style.noReference')}</span>
          </button>
        </li>
        {value && !known && (
          <li>
            <button type="button" className="refpick__item" aria-pressed disabled={disabled}>
              {value.thumbUrl ? <img src={value.thumbUrl} alt="" /> : <PictureOutlined aria-hidden />}
              <span>{t('style.uploaded')}</span>
            </button>
          </li>
        )}
        {list.map((c) => (
          <li key={c.imageId}>
            <button
              type="button"
              className="refpick__item"
              aria-pressed={value?.imageId === c.imageId}
              onClick={() => onChange({ imageId: c.imageId, thumbUrl: c.thumbUrl })}
              disabled={disabled}
              data-testid="style-reference-option"
            >
              <img src={c.thumbUrl} alt="" loading="lazy" />
              <span>{c.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
