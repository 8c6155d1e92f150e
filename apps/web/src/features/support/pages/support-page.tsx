import { useState } from 'react';
import { Alert, Button, Card, Typography } from 'antd';
import { ClockCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { ticketsQueryKey } from '../api/list-tickets.ts';
import { SupportFaq } from '../components/support-faq.tsx';
import { TicketDrawer } from '../components/ticket-drawer.tsx';
import { TicketForm } from '../components/ticket-form.tsx';
import { TicketList } from '../components/ticket-list.tsx';
import './support-page.css';

export function SupportPage() {
  const { t } = useTranslation('support');
  const client = useQueryClient();
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <section className="support">
      <header className="support__head">
        <Typography.Title level={1} style={{ fontSize: 'var(--ant-font-size-heading-2)' }}>
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Alert
          type="success"
          showIcon
          icon={<ClockCircleOutlined />}
          title={t('promise', { hours: LIMITS.supportReplyHours })}
          description={t('promiseDetail')}
          data-testid="support-promise"
        />
      </header>

      <SupportFaq />

      <div className="support__columns">
        <Card title={<h2 className="support__card-title">{t('form.title')}</h2>}>
          <TicketForm />
        </Card>
        <Card
          title={<h2 className="support__card-title">{t('tickets.title')}</h2>}
          extra={
            <Button
              type="text"
              icon={<ReloadOutlined />}
              aria-label={t('tickets.refresh')}
              title={t('tickets.refresh')}
              onClick={() => void client.invalidateQueries({ queryKey: ticketsQueryKey })}
            />
          }
        >
          <TicketList onOpen={setOpenId} />
        </Card>
      </div>

      <TicketDrawer id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
