import { Button, Form, Input, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PROJECT_LIMITS, REVIEW_LINK_EXPIRY_DAYS, projectRoutes } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { reportFormError, zodRule } from '../../../shared/forms/zod-rule.ts';
import { useCreateReviewLink } from '../api/review-link-create.ts';

interface Values {
  label: string;
  expiry: number | 'never';
  password: string;
}

const FIELDS = ['label', 'expiresInDays', 'password'];
const fields = projectRoutes.reviewLinkCreate.body.shape;

/** Makes a review link: a label to tell it apart, how long it lasts and an optional password. */
export function ReviewLinkForm(props: { projectId: string; onCreated: (token: string) => void }) {
  const { t } = useTranslation(['project', 'errors']);
  const [form] = Form.useForm<Values>();
  const create = useCreateReviewLink(props.projectId);

  const submit = ({ label, expiry, password }: Values) => {
    const body = {
      projectId: props.projectId,
      label: label.trim(),
      expiresInDays: expiry === 'never' ? null : (expiry as (typeof REVIEW_LINK_EXPIRY_DAYS)[number]),
      ...(password ? { password } : {}),
    };
    create.mutateAsync(body).then(
      ({ token }) => {
        form.resetFields();
        props.onCreated(token);
        // The token now lives only where it is shown: this mutation forgets it.
        create.reset();
      },
      (err: unknown) => reportFormError(form, err, t, FIELDS),
    );
  };

  return (
    <section className="review-share__section" aria-labelledby="review-link-form-title">
      <h3 id="review-link-form-title" className="review-share__heading">
        {t('share.create.heading')}
      </h3>
      <Form<Values>
        form={form}
        layout="vertical"
        name="review-link-create"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ label: '', expiry: 30, password: '' }}
        className="review-share__form"
      >
        <Form.Item name="label" label={t('share.create.label')} rules={[zodRule(fields.label, t)]}>
          <Input
            placeholder={t('share.create.labelPlaceholder')}
            count={{ show: true, max: PROJECT_LIMITS.nameMax }}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item name="expiry" label={t('share.create.expiry')}>
          <Select
            options={[
              ...REVIEW_LINK_EXPIRY_DAYS.map((days) => ({
                value: days,
                label: t('share.create.days', { count: days }),
              })),
              { value: 'never', label: t('share.create.never') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('share.create.password')}
          extra={t('share.create.passwordHelp')}
          rules={[
            {
              validator: async (_rule, value: string) => {
                if (value && !fields.password.safeParse(value).success)
                  throw new Error(t('errors:REVIEW_PASSWORD_SHORT'));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PROJECT_LIMITS.reviewPasswordMax} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined />}
          loading={create.isPending}
          data-testid="review-link-create"
        >
          {t('share.create.submit')}
        </Button>
      </Form>
    </section>
  );
}
