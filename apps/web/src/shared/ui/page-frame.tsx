import type { ReactNode } from 'react';
import { Button, Result, Typography } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../routes/paths.ts';

/** A titled page whose feature opens in a later release. */
export function PageFrame({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section>
      <Typography.Title level={2}>{title}</Typography.Title>
      {children}
      <Result
        icon={<ExperimentOutlined style={{ color: 'var(--brand)' }} />}
        subTitle={t('frame.soon')}
        extra={<Button onClick={() => navigate(PATHS.home)}>{t('frame.backHome')}</Button>}
      />
    </section>
  );
}
