import type { ReactNode } from 'react';
import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ProjectView } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { checkImageFile } from '../../../shared/api/upload-image.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useAddBaseImage } from '../api/add-version.ts';
import type { TreeNode } from '../lib/version-tree.ts';

interface Props {
  projectId: string;
  view: ProjectView;
  bases: TreeNode[];
  selectedId: string | null;
  canEdit: boolean;
  onSelect(imageId: string): void;
  /** Beside the upload button (the view's "Generate" for editors). */
  extra?: ReactNode;
}

/** The view's base images (sketches, white models, photos): what its results start from. */
export function BaseImages({ projectId, view, bases, selectedId, canEdit, onSelect, extra }: Props) {
  const { t } = useTranslation('project');
  const add = useAddBaseImage(projectId);

  const upload = (file: File) => {
    const problem = checkImageFile(file);
    if (problem) return toast.error(t(`errors:${problem}`));
    add.mutate({ viewId: view.id, file }, { onSuccess: () => toast.success(t('base.added')) });
  };

  return (
    <section className="vbases" aria-labelledby={`bases-${view.id}`}>
      <div className="vbases__head">
        <h2 id={`bases-${view.id}`} className="vpanel__heading">
          {t('base.title', { count: bases.length })}
        </h2>
        {canEdit && (
          <Upload
            accept=".png,.jpg,.jpeg"
            showUploadList={false}
            beforeUpload={(file) => {
              upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={add.isPending} data-testid="base-upload">
              {t('base.add')}
            </Button>
          </Upload>
        )}
        {extra}
      </div>
      {bases.length === 0 ? (
        <p className="vpanel__hint">{canEdit ? t('base.emptyEditor') : t('base.empty')}</p>
      ) : (
        <ul className="vbases__list">
          {bases.map((n) => (
            <li key={n.version.imageId}>
              <button
                type="button"
                className="vbases__item"
                aria-pressed={n.version.imageId === selectedId}
                aria-label={t('base.select', { label: n.label })}
                onClick={() => onSelect(n.version.imageId)}
                data-testid="base-image"
              >
                <img src={n.version.thumbUrl} alt="" loading="lazy" />
                <span>{n.label}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
