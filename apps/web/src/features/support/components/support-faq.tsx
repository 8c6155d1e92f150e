import { Collapse, Typography } from 'antd';
import { LIMITS } from '@turing/contract';
import { useTranslation } from 'react-i18next';

const QUESTIONS = ['billing', 'images', 'screen', 'password', 'wechat', 'results', 'codes', 'tasks'] as const;

export function SupportFaq() {
  const { t } = useTranslation('support');
  const params = {
    mb: LIMITS.imageMaxBytes / 1024 / 1024,
    minutes: LIMITS.verCodeTtlMinutes,
    passwordMin: LIMITS.passwordMin,
    passwordMax: LIMITS.passwordMax,
    width: LIMITS.recommendedResolution.width,
    height: LIMITS.recommendedResolution.height,
  };
  return (
    <section className="support-faq" aria-labelledby="support-faq-title">
      <Typography.Title level={2} id="support-faq-title" style={{ fontSize: 'var(--ant-font-size-heading-3)' }}>
        {t('faq.title')}
      </Typography.Title>
      <Collapse
        items={QUESTIONS.map((key) => ({
          key,
          label: t(`faq.${key}.q`),
          children: <p className="support-faq__answer">{t(`faq.${key}.a`, params)}</p>,
        }))}
      />
    </section>
  );
}
