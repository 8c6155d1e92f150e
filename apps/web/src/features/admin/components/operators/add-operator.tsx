import { App, Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES, type OperatorRole } from '@turing/contract';
import { useGrantOperator } from '../../api/grant-operator.ts';

/** Makes an account (by username, e-mail, phone or id) an operator with a role. */
export function AddOperator() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const grant = useGrantOperator({ silent: true });
  const [form] = Form.useForm<{ user: string; role: OperatorRole }>();
  return (
    <Form
      form={form}
      layout="inline"
      className="add-operator"
      initialValues={{ role: 'support' }}
      onFinish={(values) =>
        grant.mutate(values, {
          onSuccess: (o) => {
            void message.success(t('operators.added', { name: o.username, role: t(`roles.${o.role}`) }));
            form.resetFields();
          },
          onError: (err) => form.setFields([{ name: 'user', errors: [err.message] }]),
        })
      }
    >
      <Form.Item
        name="user"
        label={t('operators.user')}
        rules={[{ required: true, whitespace: true, message: t('operators.userRequired') }]}
      >
        <Input placeholder={t('operators.userPlaceholder')} style={{ width: 280 }} maxLength={254} />
      </Form.Item>
      <Form.Item name="role" label={t('operators.role')}>
        <Select style={{ width: 140 }} options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={grant.isPending}>
          {t('operators.add')}
        </Button>
      </Form.Item>
    </Form>
  );
}
