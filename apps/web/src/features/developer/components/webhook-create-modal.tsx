import { Checkbox, Form, Input, Modal } from 'antd';
import { DEVELOPER_LIMITS, WEBHOOK_EVENTS, webhookCreateBody, type WebhookEvent } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http/api-error.ts';
import { reportFormError, zodRule } from '../../../shared/forms/zod-rule.ts';
import { useCreateWebhook } from '../api/webhook-create.ts';

interface Values {
  url: string;
  events: WebhookEvent[];
}

const FIELDS = ['url', 'events'];

/** Where events go and which: hands the new endpoint's signing secret to `onCreated`. */
export function WebhookCreateModal(props: { open: boolean; onClose: () => void; onCreated: (secret: string) => void }) {
  const { t } = useTranslation(['developer-webhooks', 'errors']);
  const [form] = Form.useForm<Values>();
  const create = useCreateWebhook();

  const submit = (values: Values) => {
    create.mutateAsync({ url: values.url.trim(), events: values.events }).then(
      ({ secret }) => {
        form.resetFields();
        props.onCreated(secret);
        // The secret now lives only where it is shown: this mutation forgets it.
        create.reset();
      },
      (err: unknown) => {
        // The server's own checks of the address (its host, its network) belong under the field.
        if (err instanceof ApiError && err.code?.startsWith('WEBHOOK_URL_'))
          form.setFields([{ name: 'url', errors: [t(`errors:${err.code}`)] }]);
        else reportFormError(form, err, t, FIELDS);
      },
    );
  };

  return (
    <Modal
      open={props.open}
      title={t('create.title')}
      okText={t('create.ok')}
      cancelText={t('create.cancel')}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={600}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="webhook-create"
        onFinish={submit}
        requiredMark="optional"
        initialValues={{ url: '', events: [...WEBHOOK_EVENTS] }}
      >
        <Form.Item
          name="url"
          label={t('create.url')}
          extra={t('create.urlHint')}
          required
          rules={[zodRule(webhookCreateBody.shape.url, t)]}
        >
          <Input
            placeholder="https://example.com/turing-webhooks"
            maxLength={DEVELOPER_LIMITS.webhookUrlMax}
            autoComplete="off"
            inputMode="url"
          />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('create.events')}
          required
          rules={[zodRule(webhookCreateBody.shape.events, t)]}
        >
          <Checkbox.Group className="webhooks__event-choices">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} className="webhooks__event-choice">
                <span className="webhooks__event-label">
                  <code>{event}</code>
                  <span className="webhooks__event-help">{t(`events.${event.replace('.', '_')}`)}</span>
                </span>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
