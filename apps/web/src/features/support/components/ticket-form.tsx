import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { emailField, LIMITS, ticketMessageField, ticketSubjectField, type CreateTicketBody } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../shared/api/get-user-info.ts';
import { ApiError } from '../../../shared/http/api-error.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useCreateTicket } from '../api/create-ticket.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { ScreenshotField } from './screenshot-field.tsx';

type Values = CreateTicketBody;
const FIELDS = new Set<string>(['subject', 'message', 'contactEmail', 'screenshotUploadId']);

/**
 * The question for support. The reply address starts as the account's own e-mail, shown masked as
 * the profile gives it; left as it is, the server sends to the account's address.
 */
export function TicketForm() {
  const { t } = useTranslation('support');
  const [form] = Form.useForm<Values>();
  const create = useCreateTicket();
  const [uploading, setUploading] = useState(false);
  const accountEmail = useUserInfo().data?.email ?? null;
  const contactEmail = Form.useWatch('contactEmail', form);

  // The profile may arrive after the form is drawn: fill the field unless something was typed already.
  useEffect(() => {
    if (accountEmail && !form.getFieldValue('contactEmail')) form.setFieldsValue({ contactEmail: accountEmail });
  }, [accountEmail, form]);

  const submit = ({ contactEmail, ...rest }: Values) =>
    create.mutate(accountEmail && contactEmail === accountEmail ? rest : { ...rest, contactEmail }, {
      onSuccess() {
        toast.success(t('form.sent', { hours: LIMITS.supportReplyHours }));
        form.resetFields();
        if (accountEmail) form.setFieldsValue({ contactEmail: accountEmail });
      },
      onError(err) {
        // The toast comes from the query client; the fields the server named get their message too.
        if (!(err instanceof ApiError)) return;
        form.setFields(
          err.fields
            .filter((f) => FIELDS.has(f.field))
            .map((f) => ({ name: f.field as keyof Values, errors: [t(`errors:${f.code}`)] })),
        );
      },
    });

  return (
    <Form<Values> form={form} layout="vertical" name="support-ticket" onFinish={submit} requiredMark="optional">
      <Form.Item name="subject" label={t('form.subject')} required rules={[zodRule(ticketSubjectField, t)]}>
        <Input
          placeholder={t('form.subjectPlaceholder')}
          count={{ show: true, max: LIMITS.supportSubjectMax }}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item name="message" label={t('form.message')} required rules={[zodRule(ticketMessageField, t)]}>
        <Input.TextArea
          placeholder={t('form.messagePlaceholder')}
          count={{ show: true, max: LIMITS.supportMessageMax }}
          autoSize={{ minRows: 5, maxRows: 12 }}
        />
      </Form.Item>
      <Form.Item
        name="screenshotUploadId"
        label={t('form.screenshot')}
        extra={t('form.screenshotHint', { mb: LIMITS.imageMaxBytes / 1024 / 1024 })}
      >
        <ScreenshotField onBusyChange={setUploading} />
      </Form.Item>
      <Form.Item
        name="contactEmail"
        label={t('form.contactEmail')}
        extra={t('form.contactEmailHint')}
        required
        // The account's own (masked) address stands as it is; anything typed must be an address.
        rules={[accountEmail && contactEmail === accountEmail ? {} : zodRule(emailField, t)]}
      >
        <Input type="email" placeholder={t('form.contactEmailPlaceholder')} autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={create.isPending} disabled={uploading}>
        {t('form.submit')}
      </Button>
    </Form>
  );
}
