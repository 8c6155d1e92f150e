import { Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BindContactBody, UserProfile } from '@turing/contract';
import { reportFormError } from '../../../shared/forms/zod-rule.ts';
import { CodeField } from '../../../shared/ui/identity/code-field.tsx';
import { IdentityField, type Method } from '../../../shared/ui/identity/identity-field.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useBindContact } from '../api/bind-contact.ts';

/** Adds the missing phone number or e-mail address, proven by a code sent to it. */
export function BindContactModal({
  method,
  onClose,
  onBound,
}: {
  method: Method | null;
  onClose(): void;
  onBound(p: UserProfile): void;
}) {
  const { t } = useTranslation('user');
  const [form] = Form.useForm<BindContactBody>();
  const bind = useBindContact();
  const onFinish = (values: BindContactBody) =>
    bind.mutate({ [method!]: values[method!], code: values.code } as BindContactBody, {
      onSuccess(profile) {
        onBound(profile);
        toast.success(t('account.bindDone'));
        form.resetFields();
        onClose();
      },
      onError(err) {
        reportFormError(form, err, t, ['phone', 'email', 'code']);
      },
    });
  return (
    <Modal
      open={method !== null}
      title={method === 'phone' ? t('account.bindPhone') : t('account.bindEmail')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {method && (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          aria-label={method === 'phone' ? t('account.bindPhone') : t('account.bindEmail')}
        >
          <IdentityField method={method} />
          <CodeField form={form} method={method} purpose="bind" />
          <Button type="primary" htmlType="submit" block loading={bind.isPending}>
            {t('account.bindSubmit')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
