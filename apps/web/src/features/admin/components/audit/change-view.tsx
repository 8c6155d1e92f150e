import { Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** Before → after of the fields an action changed, one line per field. */
export function ChangeView({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('admin');
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  if (!fields.length) {
    return (
      <Typography.Text type="secondary">
        {before === null && after === null ? '—' : show(after ?? before)}
      </Typography.Text>
    );
  }
  return (
    <ul className="audit__change" aria-label={t('audit.change')}>
      {fields.map((f) => (
        <li key={f}>
          <Typography.Text type="secondary">{f}: </Typography.Text>
          {f in b ? <span>{show(b[f])}</span> : null}
          {f in b && f in a ? <ArrowRightOutlined aria-label={t('audit.becomes')} className="audit__arrow" /> : null}
          {f in a ? <strong>{show(a[f])}</strong> : null}
        </li>
      ))}
    </ul>
  );
}
