import type { KeyboardEvent } from 'react';
import { App, Button, Flex, Form, Input } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { LIMITS, ticketMessageField } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../../shared/forms/zod-rule.ts';
import { useReplyAdminTicket } from '../../api/reply-admin-ticket.ts';

/** The answer box under a conversation; Ctrl+Enter (⌘+Enter on a Mac) sends. */
export function StaffReply({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation('admin-support');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ message: string }>();
  const reply = useReplyAdminTicket();

  const send = ({ message: text }: { message: string }) => {
    if (reply.isPending) return;
    reply.mutate(
      { ticketId, message: text },
      {
        onSuccess(ticket) {
          void message.success(t(ticket.emailed ? 'tickets.reply.sentEmailed' : 'tickets.reply.sentNotEmailed'));
          form.resetFields();
        },
      },
    );
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      form.submit();
    }
  };

  return (
    <Form form={form} layout="vertical" name={`staff-reply-${ticketId}`} onFinish={send}>
      <Form.Item
        name="message"
        label={t('tickets.reply.label')}
        extra={t('tickets.reply.hint')}
        rules={[zodRule(ticketMessageField, t)]}
      >
        <Input.TextArea
          placeholder={t('tickets.reply.placeholder')}
          count={{ show: true, max: LIMITS.supportMessageMax }}
          autoSize={{ minRows: 3, maxRows: 10 }}
          onKeyDown={onKeyDown}
        />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" icon={<SendOutlined aria-hidden />} loading={reply.isPending}>
          {t('tickets.reply.send')}
        </Button>
      </Flex>
    </Form>
  );
}
