import { useTranslation } from 'react-i18next';

/** The square "T" mark and the product name. */
export function Logo({ size = 28 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 10,
        fontWeight: 700,
        fontSize: 18,
        letterSpacing: 0.3,
      }}
    >
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" fill="#18a058" />
        <path d="M7 9h18v4h-7v12h-4V13H7z" fill="#fff" />
      </svg>
      <span className="logo-text">{t('appName')}</span>
    </span>
  );
}
