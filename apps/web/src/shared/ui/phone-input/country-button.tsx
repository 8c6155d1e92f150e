import type { ComponentProps, KeyboardEvent, Ref } from 'react';
import { Button } from 'antd';
import { getCountryCallingCode } from 'libphonenumber-js';
import { DownOutlined, GlobalOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { countryName, type CountryCode } from './country-list.ts';
import { CountryFlag, useFlagUrl } from './country-flag.tsx';
import { loadAllFlags } from './flag-store.ts';

interface CountryButtonProps {
  ref: Ref<HTMLButtonElement>;
  activeCode?: CountryCode;
  locale: string;
  listId: string;
  open: boolean;
  lookingUp: boolean;
  lookupFailed: boolean;
  disabled?: boolean;
  size?: ComponentProps<typeof Button>['size'];
  onToggle(): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
}

/** The flag and dial code of the active country; opens the country list. */
export function CountryButton({
  ref,
  activeCode,
  locale,
  listId,
  open,
  lookingUp,
  lookupFailed,
  disabled,
  size,
  onToggle,
  onKeyDown,
}: CountryButtonProps) {
  const { t } = useTranslation('phone');
  const flag = useFlagUrl(activeCode);
  const activeName = activeCode ? countryName(activeCode, locale) : undefined;
  const dialCode = activeCode ? getCountryCallingCode(activeCode) : undefined;
  return (
    <Button
      ref={ref}
      size={size}
      disabled={disabled}
      className="phone-input__country"
      aria-label={activeCode ? t('countryButton', { name: activeName, dialCode }) : t('countryNone')}
      aria-haspopup="listbox"
      aria-expanded={open}
      aria-controls={open ? listId : undefined}
      aria-busy={lookingUp || undefined}
      title={lookupFailed ? t('lookupFailed') : activeName}
      // A pointer over the button is likely to open the list: its flags start loading now.
      onPointerEnter={() => void loadAllFlags()}
      // Stops the open list losing focus first, which would close it and let this click reopen it.
      onMouseDown={(e) => open && e.preventDefault()}
      onClick={onToggle}
      onKeyDown={onKeyDown}
    >
      {lookingUp ? (
        <LoadingOutlined aria-hidden="true" />
      ) : activeCode ? (
        <CountryFlag code={activeCode} url={flag} />
      ) : (
        <GlobalOutlined aria-hidden="true" />
      )}
      {activeCode && <span className="phone-input__dial-code">+{dialCode}</span>}
      <DownOutlined className="phone-input__caret" aria-hidden="true" />
    </Button>
  );
}
