import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { ADMIN_CUBES_MAX, GRANT_NOTE_MAX } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useGrantCubes } from '../../api/grant-cubes.ts';

interface GrantForm {
  cubes: number | null;
  reason: string;
}

// getRandomValues, unlike randomUUID, also works on a console served over plain HTTP.
const newKey = () =>
  `console:${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * Grants cubes to one account, or takes them back with a negative number, with the reason the
 * ledger keeps. One key per opening of the dialog: a second click of the same grant changes nothing.
 */
export function GrantCubesModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: { id: string; username: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-users');
  const [form] = Form.useForm<GrantForm>();
  const grant = useGrantCubes();
  const [key, setKey] = useState(newKey);
  const result = grant.data;

  const close = () => {
    grant.reset();
    form.resetFields();
    setKey(newKey());
    onClose();
  };

  const submit = (values: GrantForm) =>
    grant.mutate({ user: user.id, cubes: values.cubes ?? 0, note: values.reason.trim(), key });

  return (
    <Modal
      open={open}
      title={t('users.grant.title', { name: user.username })}
      onCancel={close}
      okText={result ? t('users.grant.close') : t('users.grant.submit')}
      cancelText={t('users.grant.cancel')}
      cancelButtonProps={result ? { style: { display: 'none' } } : undefined}
      onOk={() => (result ? close() : form.submit())}
      okButtonProps={{ loading: grant.isPending }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('users.grant.intro')}</Typography.Paragraph>
      <Form<GrantForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        disabled={grant.isPending || result !== undefined}
        initialValues={{ cubes: null, reason: '' }}
      >
        <Form.Item
          name="cubes"
          label={t('users.grant.cubes')}
          rules={[
            {
              validator: (_, v: number | null) =>
                Number.isInteger(v) && v !== 0 && Math.abs(v!) <= ADMIN_CUBES_MAX
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('users.grant.cubesRequired'))),
            },
          ]}
        >
          <InputNumber<number> precision={0} min={-ADMIN_CUBES_MAX} max={ADMIN_CUBES_MAX} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('users.grant.reason')}
          rules={[{ required: true, whitespace: true, message: t('users.grant.reasonRequired') }]}
        >
          <Input.TextArea
            rows={2}
            maxLength={GRANT_NOTE_MAX}
            showCount
            placeholder={t('users.grant.reasonPlaceholder')}
          />
        </Form.Item>
      </Form>
      {grant.isError ? <Alert type="error" showIcon title={grant.error.message} data-testid="grant-error" /> : null}
      {result ? (
        <Alert
          type={result.applied ? 'success' : 'info'}
          showIcon
          title={t(result.applied ? 'users.grant.done' : 'users.grant.already', { cubes: result.cubes })}
          data-testid="grant-result"
        />
      ) : null}
    </Modal>
  );
}
