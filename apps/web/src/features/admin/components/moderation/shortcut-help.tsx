import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

export interface Shortcut {
  keys: string[];
  label: string;
}

/** The list's keyboard shortcuts, always in sight above it. */
export function ShortcutHelp({ shortcuts }: { shortcuts: Shortcut[] }) {
  const { t } = useTranslation('admin-moderation');
  return (
    <p className="moderation-keys">
      <span className="moderation-keys__title">{t('moderation.shortcuts.label')}</span>
      {shortcuts.map((s) => (
        <span key={s.label} className="moderation-keys__item">
          {s.keys.map((key, i) => (
            <Fragment key={key}>
              {i > 0 ? ' / ' : null}
              <kbd>{key}</kbd>
            </Fragment>
          ))}{' '}
          {s.label}
        </span>
      ))}
    </p>
  );
}
