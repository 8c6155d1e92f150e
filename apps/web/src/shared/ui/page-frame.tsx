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
      {/* The page's one h1, at the size of the other pages' titles. */}
      <Typography.Title level={1} style={{ fontSize: 'var(--ant-font-size-heading-2)' }}>
        {title}
      </Typography.Title>
      {children}
      <Result
        icon={<ExperimentOutlined style={{ color: 'var(--brand)' }} />}
        subTitle={t('frame.soon')}
        extra={<Button onClick={() => navigate(PATHS.home)}>{t('frame.backHome')}</Button>}
      />
    </section>
  );
}
