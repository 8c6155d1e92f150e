import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Skeleton, Tag, Tooltip } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS, type WordPackage } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useWordPackages } from '../api/list-word-packages.ts';

// The editor's form and its contract rules (zod) are loaded when a package is opened, not with the studio.
const WordPackageEditor = lazy(() =>
  import('./word-package-editor.tsx').then((m) => ({ default: m.WordPackageEditor })),
);

interface Props {
  value: string[];
  onChange(ids: string[]): void;
}

function PackageText({ pkg }: { pkg: WordPackage }) {
  const { t } = useTranslation('design');
  return (
    <div className="studio-package-text">
      <div>
        <strong>{t('packages.positive')}:</strong> {pkg.positive || '—'}
      </div>
      <div>
        <strong>{t('packages.negative')}:</strong> {pkg.negative || '—'}
      </div>
    </div>
  );
}

/** Recommended and own word packages: select to apply, see what each adds, edit your own. */
export function WordPackagePicker({ value, onChange }: Props) {
  const { t } = useTranslation('design');
  const packages = useWordPackages();
  const [editing, setEditing] = useState<WordPackage | 'new' | null>(null);

  if (packages.isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (packages.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('packages.loadFailed')}
        action={
          <Button size="small" onClick={() => void packages.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }

  const all = [...packages.data.recommended, ...packages.data.own];
  const chosen = all.filter((p) => value.includes(p.id));
  const toggle = (id: string, on: boolean) => {
    if (on && value.length >= LIMITS.wordPackagesPerTaskMax) return;
    onChange(on ? [...value, id] : value.filter((v) => v !== id));
  };
  const chip = (pkg: WordPackage) => (
    <Tooltip key={pkg.id} title={<PackageText pkg={pkg} />}>
      <Tag.CheckableTag checked={value.includes(pkg.id)} onChange={(on) => toggle(pkg.id, on)} className="studio-chip">
        {pkg.name}
      </Tag.CheckableTag>
    </Tooltip>
  );

  return (
    <div className="studio-packages">
      <div className="studio-field__label">{t('packages.recommended')}</div>
      <div className="studio-tags__chips">{packages.data.recommended.map(chip)}</div>
      <div className="studio-field__head">
        <span className="studio-field__label">{t('packages.own')}</span>
        <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('packages.create')}
        </Button>
      </div>
      <div className="studio-tags__chips">
        {packages.data.own.length === 0 && <span className="studio-muted">{t('packages.noOwn')}</span>}
        {packages.data.own.map((pkg) => (
          <span key={pkg.id} className="studio-package-own">
            {chip(pkg)}
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={t('packages.editNamed', { name: pkg.name })}
              onClick={() => setEditing(pkg)}
            />
          </span>
        ))}
      </div>
      {chosen.length > 0 && (
        <div className="studio-package-chosen" aria-live="polite" data-testid="package-adds">
          <div className="studio-field__label">{t('packages.adds')}</div>
          {chosen.map((pkg) => (
            <div key={pkg.id}>
              <strong>{pkg.name}</strong>
              <PackageText pkg={pkg} />
            </div>
          ))}
        </div>
      )}
      {editing && (
        <Suspense fallback={null}>
          <WordPackageEditor
            pkg={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onDeleted={(id) => onChange(value.filter((v) => v !== id))}
          />
        </Suspense>
      )}
    </div>
  );
}
