import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { API_SCOPES, apiKeyCreateBody, DEVELOPER_LIMITS, type ApiKeyCreateBody, type ApiScope } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { reportFormError, zodRule } from '../../../shared/forms/zod-rule.ts';
import { useCreateApiKey } from '../api/api-key-create.ts';

interface Values {
  name: string;
  scopes: ApiScope[];
  expiry: number | 'never';
}

const EXPIRY_DAYS = [7, 30, 90, 365] as const;
const FIELDS = ['name', 'scopes'];

/** Names a new key, picks what it may do and how long it lasts; hands the new secret to `onCreated`. */
export function ApiKeyCreateModal(props: { open: boolean; onClose: () => void; onCreated: (token: string) => void }) {
  const { t } = useTranslation(['developer', 'errors']);
  const [form] = Form.useForm<Values>();
  const create = useCreateApiKey();

  const submit = ({ name, scopes, expiry }: Values) => {
    const body: ApiKeyCreateBody = { name, scopes, ...(expiry === 'never' ? {} : { expiresInDays: expiry }) };
    create.mutateAsync(body).then(
      ({ token }) => {
        form.resetFields();
        props.onCreated(token);
        // The secret now lives only where it is shown: this mutation forgets it.
        create.reset();
      },
      (err: unknown) => reportFormError(form, err, t, FIELDS),
    );
  };

  return (
    <Modal
      open={props.open}
      title={t('keys.create.title')}
      okText={t('keys.create.ok')}
      cancelText={t('keys.create.cancel')}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="api-key-create"
        onFinish={submit}
        requiredMark="optional"
        initialValues={{ name: '', scopes: [], expiry: 90 }}
      >
        <Form.Item name="name" label={t('keys.create.name')} required rules={[zodRule(apiKeyCreateBody.shape.name, t)]}>
          <Input
            placeholder={t('keys.create.namePlaceholder')}
            count={{ show: true, max: DEVELOPER_LIMITS.apiKeyNameMax }}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('keys.create.scopes')}
          extra={t('keys.create.scopesHint')}
          required
          rules={[zodRule(apiKeyCreateBody.shape.scopes, t)]}
        >
          <Checkbox.Group className="api-keys__scope-choices">
            {API_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} className="api-keys__scope-choice">
                <span className="api-keys__scope-label">
                  <code>{scope}</code>
                  <span className="api-keys__scope-help">{t(`scopes.${scope.replace(':', '_')}`)}</span>
                </span>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="expiry" label={t('keys.create.expiry')}>
          <Select
            options={[
              ...EXPIRY_DAYS.map((days) => ({ value: days, label: t('keys.create.days', { count: days }) })),
              { value: 'never', label: t('keys.create.noExpiry') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
