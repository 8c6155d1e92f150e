import { Form, Input, Segmented } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { emailField, phoneField } from '@turing/contract';
import { zodRule } from '../../forms/zod-rule.ts';
import { useClientConfig } from '../../api/get-client-config.ts';
import { fetchIpCountry } from '../phone-input/ip-country.ts';
import { PhoneInput } from '../phone-input/phone-input.tsx';

export type Method = 'phone' | 'email';

export function MethodSwitch({ value, onChange }: { value: Method; onChange(m: Method): void }) {
  const { t } = useTranslation('auth');
  return (
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
  );
}

/** The phone number (with its country picker) or the e-mail address that identifies the account. */
export function IdentityField({ method }: { method: Method }) {
  const { t } = useTranslation('auth');
  const lookupUrl = useClientConfig().data?.ipCountryLookupUrl ?? null;
  if (method === 'phone') {
    // With the IP lookup switched on, the visitor's own country comes first instead of a fixed default.
    const countryProps = lookupUrl
      ? { lookupCountry: () => fetchIpCountry(lookupUrl) }
      : { defaultCountry: 'CN', preferredCountries: ['CN', 'US', 'GB', 'SG'] };
    return (
      <Form.Item name="phone" label={t('fields.phone')} rules={[zodRule(phoneField, t)]} validateTrigger="onBlur">
        <PhoneInput {...countryProps} aria-label={t('fields.phone')} showValidation={false} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name="email" label={t('fields.email')} rules={[zodRule(emailField, t)]} validateTrigger="onBlur">
      <Input prefix={<MailOutlined />} placeholder={t('placeholders.email')} autoComplete="email" inputMode="email" />
    </Form.Item>
  );
}
