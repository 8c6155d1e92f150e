import { Button, Form, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { LIMITS, ticketMessageField } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useReplyTicket } from '../api/reply-ticket.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';

export function ReplyBox({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation('support');
  const [form] = Form.useForm<{ message: string }>();
  const reply = useReplyTicket();

  const submit = ({ message }: { message: string }) =>
    reply.mutate(
      { ticketId, message },
      {
        onSuccess() {
          toast.success(t('conversation.sent'));
          form.resetFields();
        },
      },
    );

  return (
    <Form form={form} layout="vertical" name="support-reply" onFinish={submit} className="support-reply">
      <Form.Item name="message" label={t('conversation.reply')} rules={[zodRule(ticketMessageField, t)]}>
        <Input.TextArea
          placeholder={t('conversation.replyPlaceholder')}
          count={{ show: true, max: LIMITS.supportMessageMax }}
          autoSize={{ minRows: 3, maxRows: 8 }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={reply.isPending}>
        {t('conversation.send')}
      </Button>
    </Form>
  );
}
