import { lazy, Suspense, type ComponentProps } from 'react';
import { Form, Input, Segmented } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../forms/zod-rule.ts';
import { useClientConfig } from '../../api/get-client-config.ts';
import { defaultPhoneCountry, preferredPhoneCountries } from '../phone-input/default-country.ts';
import { fetchIpCountry } from '../phone-input/ip-country.ts';

// The phone input (country list, flags, number formatting) is fetched when the phone method is
// chosen, or about to be: e-mail is the default, and the login page opens without it.
const loadPhoneInput = () => import('../phone-input/phone-input.tsx');
const LazyPhoneInput = lazy(() => loadPhoneInput().then((m) => ({ default: m.PhoneInput })));
type PhoneInputProps = ComponentProps<typeof LazyPhoneInput>;

/** Until its code arrives, a disabled field of the same size holds the phone input's place. */
function PhoneInput(props: PhoneInputProps) {
  return (
    <Suspense fallback={<Input disabled aria-label={props['aria-label']} />}>
      <LazyPhoneInput {...props} />
    </Suspense>
  );
}

export type Method = 'phone' | 'email';

export function MethodSwitch({ value, onChange }: { value: Method; onChange(m: Method): void }) {
  const { t } = useTranslation('auth');
  return (
    <div onPointerEnter={() => void loadPhoneInput()} onFocus={() => void loadPhoneInput()}>
      <Segmented<Method>
        block
        value={value}
        onChange={onChange}
        options={[
          { label: t('method.email'), value: 'email' },
          { label: t('method.phone'), value: 'phone' },
        ]}
        style={{ marginBottom: 20 }}
      />
    </div>
  );
}

/** The phone number (with its country picker) or the e-mail address that identifies the account. */
export function IdentityField({ method }: { method: Method }) {
  const { t, i18n } = useTranslation('auth');
  const lookupUrl = useClientConfig().data?.ipCountryLookupUrl ?? null;
  if (method === 'phone') {
    // With the IP lookup switched on, the visitor's own country comes first; without it, the
    // interface language and the browser's region say where the visitor probably is.
    const country = defaultPhoneCountry(i18n.language);
    const countryProps = lookupUrl
      ? { lookupCountry: () => fetchIpCountry(lookupUrl) }
      : { defaultCountry: country, preferredCountries: preferredPhoneCountries(country) };
    return (
      <Form.Item name="phone" label={t('fields.phone')} rules={[zodRule('phoneField', t)]} validateTrigger="onBlur">
        <PhoneInput {...countryProps} aria-label={t('fields.phone')} showValidation={false} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name="email" label={t('fields.email')} rules={[zodRule('emailField', t)]} validateTrigger="onBlur">
      <Input prefix={<MailOutlined />} placeholder={t('placeholders.email')} autoComplete="email" inputMode="email" />
    </Form.Item>
  );
}
