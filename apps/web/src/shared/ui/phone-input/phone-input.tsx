import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type FocusEvent,
  type Ref,
} from 'react';
import { Input, Space, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@turing/contract';
import { CountryButton } from './country-button.tsx';
import type { CountryCode } from './country-list.ts';
import { CountryListbox } from './country-listbox.tsx';
import {
  caretAfterSignificant,
  checkPhone,
  countInvalidChars,
  deleteThroughFormatting,
  detectCountry,
  formatPhone,
  isInternational,
  replaceDialCode,
  significantBefore,
  type AutoFormat,
  type PhoneError,
} from './phone-rules.ts';
import { useCountryDropdown } from './use-country-dropdown.ts';
import { useCountryList } from './use-country-list.ts';
import './phone-input.css';

export interface PhoneInputMeta {
  country?: CountryCode;
  valid: boolean;
  /** E.164 form, only when valid. */
  e164?: string;
  error?: PhoneError;
}

export interface PhoneInputProps {
  value?: string;
  onChange?(value: string, meta: PhoneInputMeta): void;
  onBlur?(event: FocusEvent<HTMLInputElement>): void;
  /** ISO code (`'CN'`, any case) or dial code (`'86'`, `'+86'`). */
  defaultCountry?: string;
  preferredCountries?: string[];
  onlyCountries?: string[];
  ignoredCountries?: string[];
  /** Default true: digits, spaces, `+`, `-`, `(` and `)` only. */
  onlyValidCharacters?: boolean;
  pattern?: RegExp;
  /** Default `'international'`. */
  autoFormat?: AutoFormat;
  /** Default `LIMITS.phoneInputMaxLength` (25). */
  maxLength?: number;
  invalidMessage?: string;
  /** Default true. */
  showValidation?: boolean;
  lookupCountry?: () => Promise<string>;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  'aria-label'?: string;
  /** Set on the number input. */
  'data-testid'?: string;
  size?: ComponentProps<typeof Input>['size'];
  ref?: Ref<InputRef>;
}

const matchesPattern = (pattern: RegExp, value: string) => {
  // A global or sticky pattern keeps state between calls; start each test afresh.
  pattern.lastIndex = 0;
  return pattern.test(value);
};

/**
 * A phone number field with a country picker, for use on its own or inside an antd `Form.Item`.
 * Works controlled (`value` passed, even as undefined) or uncontrolled.
 */
export function PhoneInput(props: PhoneInputProps) {
  const {
    onChange,
    autoFormat = 'international',
    onlyValidCharacters = true,
    maxLength = LIMITS.phoneInputMaxLength,
    showValidation = true,
    pattern,
    disabled,
    size,
    ref,
  } = props;
  const { t, i18n } = useTranslation('phone');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const baseId = useId();
  const listId = `${baseId}list`;
  const messageId = `${baseId}message`;

  // Form.Item always passes the `value` key, undefined after a reset, which must then clear the field.
  const controlled = Object.hasOwn(props, 'value');
  const [inner, setInner] = useState('');
  const current = controlled ? (props.value ?? '') : inner;

  const { list, initialCountry, lookingUp, lookupFailed } = useCountryList({
    locale,
    defaultCountry: props.defaultCountry,
    preferredCountries: props.preferredCountries,
    onlyCountries: props.onlyCountries,
    ignoredCountries: props.ignoredCountries,
    lookupCountry: props.lookupCountry,
  });
  const [picked, setPicked] = useState<CountryCode>();
  const activeCode = detectCountry(current, picked ?? initialCountry);

  const [touched, setTouched] = useState(false);
  const [caretRequest, setCaretRequest] = useState<{ at: number } | null>(null);

  const inputRef = useRef<InputRef | null>(null);
  const setInputRef = useCallback(
    (node: InputRef | null) => {
      inputRef.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );

  // Runs after React has written the value back, which otherwise leaves the caret at the end.
  useLayoutEffect(() => {
    const input = inputRef.current?.input;
    if (caretRequest && input && document.activeElement === input) {
      input.setSelectionRange(caretRequest.at, caretRequest.at);
    }
  }, [caretRequest]);

  const emit = (next: string, country: CountryCode | undefined) => {
    const { valid, error, e164, country: numberCountry } = checkPhone(next, country);
    if (!controlled) setInner(next);
    const meta: PhoneInputMeta = { valid };
    if (numberCountry ?? country) meta.country = numberCountry ?? country;
    if (error) meta.error = error;
    if (e164) meta.e164 = e164;
    onChange?.(next, meta);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const typedCaret = event.target.selectionStart ?? typed.length;
    const forward = (event.nativeEvent as InputEvent).inputType === 'deleteContentForward';
    const { value: raw, caret } = autoFormat
      ? deleteThroughFormatting(current, typed, typedCaret, forward)
      : { value: typed, caret: typedCaret };
    const reject = () => setCaretRequest({ at: Math.max(0, typedCaret - (typed.length - current.length)) });

    const max = Math.min(maxLength, LIMITS.phoneInputHardMax);
    // Only growth is refused, so an over-long value set from outside can still be shortened.
    if (raw.length > max && raw.length > current.length) return reject();
    if (onlyValidCharacters && countInvalidChars(raw) > countInvalidChars(current)) return reject();

    const country = detectCountry(raw, activeCode);
    let next = formatPhone(raw, autoFormat, country);
    if (next.length > max) next = raw;
    if (pattern && next !== '' && !matchesPattern(pattern, next)) {
      // The user's own text may satisfy a pattern that the formatting characters break.
      if (!matchesPattern(pattern, raw)) return reject();
      next = raw;
    }

    if (next !== typed) {
      let significant = significantBefore(raw, caret);
      // A national number turned international gains its dial code in front of the caret.
      if (isInternational(next) && !isInternational(raw)) {
        significant += significantBefore(next, next.length) - significantBefore(raw, raw.length);
      }
      setCaretRequest({ at: caretAfterSignificant(next, significant) });
    }
    if (isInternational(raw) && country && country !== picked) setPicked(country);
    emit(next, country);
  };

  const selectCountry = (code: CountryCode) => {
    setPicked(code);
    const next = formatPhone(isInternational(current) ? replaceDialCode(current, code) : current, autoFormat, code);
    if (next !== '' || current !== '') emit(next, code);
  };

  const controlRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const dropdown = useCountryDropdown({
    controlRef,
    buttonRef,
    listRef,
    listId,
    list,
    activeCode,
    disabled,
    onSelect: selectCountry,
    focusInput: () => inputRef.current?.focus(),
  });

  const check = checkPhone(current, activeCode);
  const showError = showValidation && touched && current.trim() !== '' && !check.valid;
  const errorText =
    props.invalidMessage ??
    (check.error === 'too_short'
      ? t('tooShort')
      : check.error === 'too_long'
        ? t('tooLong')
        : check.error === 'too_long_input'
          ? t('tooLongInput')
          : t('invalid'));

  return (
    <div className="phone-input">
      <div className="phone-input__control" ref={controlRef}>
        <Space.Compact block>
          <CountryButton
            ref={buttonRef}
            activeCode={activeCode}
            locale={locale}
            listId={listId}
            open={dropdown.open}
            lookingUp={lookingUp}
            lookupFailed={lookupFailed}
            disabled={disabled || list.all.length === 0}
            size={size}
            onToggle={dropdown.toggle}
            onKeyDown={dropdown.onButtonKeyDown}
          />
          <Input
            ref={setInputRef}
            id={props.id}
            className="phone-input__number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            size={size}
            value={current}
            placeholder={props.placeholder}
            disabled={disabled}
            autoFocus={props.autoFocus}
            aria-label={props['aria-label'] ?? (props.id ? undefined : t('number'))}
            aria-invalid={showError || undefined}
            aria-describedby={showError ? messageId : undefined}
            data-testid={props['data-testid']}
            status={showError ? 'error' : undefined}
            onChange={handleChange}
            onBlur={(e) => {
              setTouched(true);
              props.onBlur?.(e);
            }}
          />
        </Space.Compact>
        {dropdown.open && (
          <CountryListbox
            ref={listRef}
            id={listId}
            list={list}
            highlighted={dropdown.highlighted}
            selected={activeCode}
            placement={dropdown.placement}
            onSelect={dropdown.select}
            onHighlight={dropdown.setHighlighted}
            onKeyDown={dropdown.onListKeyDown}
            onBlur={dropdown.onListBlur}
          />
        )}
      </div>
      {showError && (
        <div id={messageId} className="phone-input__message" role="alert">
          {errorText}
        </div>
      )}
    </div>
  );
}
