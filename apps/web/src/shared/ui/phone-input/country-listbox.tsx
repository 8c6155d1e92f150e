import type { KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryCode, CountryList, CountryOption } from './country-list.ts';
import { CountryFlag, useAllFlags } from './country-flag.tsx';
import { flagUrl } from './flag-store.ts';

export type Placement = 'top' | 'bottom';

export const optionId = (baseId: string, code: CountryCode) => `${baseId}-${code}`;

interface CountryListboxProps {
  id: string;
  list: CountryList;
  /** Index into `list.all`. */
  highlighted: number;
  selected?: CountryCode;
  placement: Placement;
  ref: Ref<HTMLDivElement>;
  onSelect(code: CountryCode): void;
  onHighlight(index: number): void;
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void;
  onBlur(related: EventTarget | null): void;
}

/**
 * The popup list. Focus sits on the listbox itself and `aria-activedescendant` names the highlighted
 * option (the APG "collapsible listbox" pattern), so options never take focus one by one.
 */
export function CountryListbox({
  id,
  list,
  highlighted,
  selected,
  placement,
  ref,
  onSelect,
  onHighlight,
  onKeyDown,
  onBlur,
}: CountryListboxProps) {
  const { t } = useTranslation('phone');
  const active = list.all[highlighted];
  useAllFlags();

  const renderOption = (country: CountryOption, index: number) => (
    <div
      key={country.code}
      id={optionId(id, country.code)}
      role="option"
      aria-label={`${country.name} +${country.dialCode}`}
      aria-selected={country.code === selected}
      data-highlighted={index === highlighted}
      className="phone-input__option"
      // Mouse moves, not enters: keyboard scrolling slides options under a still pointer.
      onMouseMove={() => index !== highlighted && onHighlight(index)}
      onClick={() => onSelect(country.code)}
    >
      <CountryFlag code={country.code} url={flagUrl(country.code)} />
      <span className="phone-input__name">{country.name}</span>
      <span className="phone-input__dial">+{country.dialCode}</span>
    </div>
  );

  const rest = list.rest.map((c, i) => renderOption(c, list.preferred.length + i));
  return (
    <div
      ref={ref}
      id={id}
      role="listbox"
      tabIndex={-1}
      aria-label={t('searchCountries')}
      aria-activedescendant={active ? optionId(id, active.code) : undefined}
      data-placement={placement}
      className="phone-input__list"
      onKeyDown={onKeyDown}
      onBlur={(e) => onBlur(e.relatedTarget)}
    >
      {list.preferred.length > 0 ? (
        <>
          <div role="group" aria-label={t('preferred')}>
            {list.preferred.map(renderOption)}
          </div>
          <div className="phone-input__divider" aria-hidden="true" />
          <div role="group" aria-label={t('allCountries')}>
            {rest}
          </div>
        </>
      ) : (
        rest
      )}
    </div>
  );
}
