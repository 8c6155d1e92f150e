import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { PROJECT_LIMITS } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../shared/routes/paths.ts';

/** A link that does not work: unknown, revoked or expired alike (the server does not say which). */
export function ReviewInvalid() {
  const { t } = useTranslation('review');
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      className="review-page__result"
      data-testid="review-invalid"
      title={<h1 className="review-page__result-title">{t('invalid.title')}</h1>}
      subTitle={t('invalid.text')}
      extra={
        <Button type="primary" onClick={() => void navigate(PATHS.home)}>
          {t('invalid.home')}
        </Button>
      }
    />
  );
}

/**
 * The password a link asks for before showing anything. It stays in this page's memory only, and
 * goes with each call: nothing of it is kept in the browser.
 */
export function ReviewPasswordForm(props: {
  /** The server's refusal of the last try (a wrong password, too many tries), if any. */
  error: string | null;
  busy: boolean;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation('review');
  const [password, setPassword] = useState('');
  return (
    <section className="review-page__gate" aria-labelledby="review-password-title" data-testid="review-password">
      <LockOutlined className="review-page__gate-icon" aria-hidden />
      <h1 id="review-password-title" className="review-page__gate-title">
        {t('password.title')}
      </h1>
      <p className="review-page__gate-text">{t('password.text')}</p>
      <Form layout="vertical" className="review-page__gate-form" onFinish={() => props.onSubmit(password)}>
        <Form.Item label={t('password.label')} htmlFor="review-password" required>
          <Input.Password
            id="review-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            maxLength={PROJECT_LIMITS.reviewPasswordMax}
            autoComplete="current-password"
            autoFocus
            data-testid="review-password-input"
          />
        </Form.Item>
        {props.error && (
          <Alert type="error" showIcon title={props.error} className="review-page__gate-error" role="alert" />
        )}
        <Button type="primary" htmlType="submit" block loading={props.busy} disabled={!password}>
          {t('password.submit')}
        </Button>
      </Form>
    </section>
  );
}
