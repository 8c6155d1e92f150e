import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, type InputRef } from 'antd';
import { PROJECT_LIMITS, commentBody } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { reportFormError, zodRule } from '../../../shared/forms/zod-rule.ts';
import type { TextAreaRef } from 'antd/es/input/TextArea';

export interface NewComment {
  body: string;
  /** A guest's name (review links only). */
  name?: string;
}

interface Values {
  body: string;
  name?: string;
}

const FIELDS = ['body', 'name', 'x', 'y', 'imageId'];

/**
 * The text of a new pin, written below the image once its point is placed; a review link's guest
 * also gives a name. Plain text: what is typed is shown as typed, never as HTML.
 */
export function CommentForm(props: {
  number: number;
  guestName?: { value: string; onChange: (name: string) => void };
  onSubmit: (comment: NewComment) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['project', 'errors']);
  const [form] = Form.useForm<Values>();
  const text = useRef<TextAreaRef>(null);
  const name = useRef<InputRef>(null);
  const guest = props.guestName;
  const [busy, setBusy] = useState(false);

  // Typing starts where the pin was placed, from the mouse or the keyboard alike.
  useEffect(() => {
    if (guest && !guest.value) name.current?.focus();
    else text.current?.focus();
    // Only when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (values: Values) => {
    const body = values.body.trim();
    setBusy(true);
    try {
      await props.onSubmit({ body, ...(guest ? { name: (values.name ?? '').trim() } : {}) });
      form.resetFields();
    } catch (err) {
      reportFormError(form, err, t, FIELDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="comment-create"
      className="comment-form"
      onFinish={(values) => void submit(values)}
      initialValues={{ body: '', name: guest?.value ?? '' }}
      requiredMark={false}
      aria-label={t('comments.formLabel', { n: props.number })}
    >
      {guest && (
        <Form.Item
          name="name"
          label={t('comments.name')}
          extra={t('comments.nameHelp')}
          rules={[{ required: true, whitespace: true, message: t('errors:GUEST_NAME_REQUIRED') }]}
        >
          <Input
            ref={name}
            maxLength={PROJECT_LIMITS.guestNameMax}
            autoComplete="name"
            onChange={(e) => guest.onChange(e.target.value)}
            data-testid="comment-name"
          />
        </Form.Item>
      )}
      <Form.Item name="body" label={t('comments.body', { n: props.number })} rules={[zodRule(commentBody, t)]}>
        <Input.TextArea
          ref={text}
          autoSize={{ minRows: 2, maxRows: 8 }}
          count={{ show: true, max: PROJECT_LIMITS.commentMax }}
          maxLength={PROJECT_LIMITS.commentMax}
          data-testid="comment-body"
        />
      </Form.Item>
      <div className="comment-form__actions">
        <Button type="primary" htmlType="submit" loading={busy} data-testid="comment-submit">
          {t('comments.post')}
        </Button>
        <Button onClick={props.onCancel}>{t('comments.cancel')}</Button>
      </div>
    </Form>
  );
}
