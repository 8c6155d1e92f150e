import { Table, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../shared/routes/paths.ts';
import { CodeBlock } from './api-reference-code.tsx';
import { clientInstall, errorExample, quickStart, webhookExample } from './api-reference-examples.ts';

/** The codes a program meets most, whatever the route; the meaning is the page's own text. */
const COMMON_CODES = [
  'API_KEY_INVALID',
  'API_KEY_SCOPE',
  'VALIDATION',
  'RATE_LIMITED',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_FLIGHT',
  'INSUFFICIENT_BALANCE',
  'TOO_MANY_TASKS',
  'TASK_NOT_FOUND',
  'INTERNAL',
] as const;

const code = <code />;

/** What every route shares: keys, the base URL, idempotency, rate limits, errors, events, webhooks. */
export function ApiReferenceIntro({
  apiBase,
  origin,
  httpOf,
}: {
  apiBase: string;
  origin: string;
  httpOf: (code: string) => number | undefined;
}) {
  const { t } = useTranslation('developer-api');
  const rows = COMMON_CODES.map((c) => ({ key: c, code: c, http: httpOf(c), meaning: t(`codes.${c}`) }));
  return (
    <div className="api-ref__intro">
      <section aria-labelledby="api-ref-keys">
        <Typography.Title level={2} id="api-ref-keys">
          {t('intro.keysTitle')}
        </Typography.Title>
        <Typography.Paragraph>
          <Trans t={t} i18nKey="intro.keys" components={{ code, keys: <Link to={PATHS.apiKeys} /> }} />
        </Typography.Paragraph>
      </section>

      <section aria-labelledby="api-ref-base">
        <Typography.Title level={2} id="api-ref-base">
          {t('intro.baseTitle')}
        </Typography.Title>
        <Typography.Paragraph>
          <Trans t={t} i18nKey="intro.base" components={{ code }} />
        </Typography.Paragraph>
        <CodeBlock code={apiBase} label={t('intro.baseLabel')} />
        <Typography.Paragraph>{t('intro.quickStart')}</Typography.Paragraph>
        <CodeBlock code={quickStart(apiBase)} label={t('intro.quickStartLabel')} />
      </section>

      <section aria-labelledby="api-ref-client">
        <Typography.Title level={2} id="api-ref-client">
          {t('intro.clientTitle')}
        </Typography.Title>
        <Typography.Paragraph>
          <Trans t={t} i18nKey="intro.client" components={{ code }} />
        </Typography.Paragraph>
        <CodeBlock code={clientInstall(origin)} label={t('intro.clientLabel')} />
      </section>

      <section aria-labelledby="api-ref-idempotency">
        <Typography.Title level={2} id="api-ref-idempotency">
          {t('intro.idempotencyTitle')}
        </Typography.Title>
        <Typography.Paragraph>
          <Trans t={t} i18nKey="intro.idempotency" components={{ code }} />
        </Typography.Paragraph>
      </section>

      <section aria-labelledby="api-ref-rate">
        <Typography.Title level={2} id="api-ref-rate">
          {t('intro.rateTitle')}
        </Typography.Title>
        <Typography.Paragraph>
          <Trans t={t} i18nKey="intro.rate" components={{ code }} />
        </Typography.Paragraph>
      </section>

      <section aria-labelledby="api-ref-errors">
        <Typography.Title level={2} id="api-ref-errors">
          {t('intro.errorsTitle')}
        </Typography.Title>
        <Typography.Paragraph>
          <Trans t={t} i18nKey="intro.errors" components={{ code }} />
        </Typography.Paragraph>
        <CodeBlock code={errorExample} label={t('intro.errorsLabel')} />
        <Table
          size="small"
          pagination={false}
          className="api-ref__codes"
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'code', dataIndex: 'code', title: t('intro.codeCol'), render: (c: string) => <code>{c}</code> },
            { key: 'http', dataIndex: 'http', title: t('intro.statusCol') },
            { key: 'meaning', dataIndex: 'meaning', title: t('intro.meaningCol') },
          ]}
        />
      </section>

      <section aria-labelledby="api-ref-events">
        <Typography.Title level={2} id="api-ref-events">
          {t('intro.eventsTitle')}
        </Typography.Title>
        <Typography.Paragraph>
          <Trans t={t} i18nKey="intro.events" components={{ code }} />
        </Typography.Paragraph>
      </section>

      <section aria-labelledby="api-ref-webhooks">
        <Typography.Title level={2} id="api-ref-webhooks">
          {t('intro.webhooksTitle')}
        </Typography.Title>
        <Typography.Paragraph>
          <Trans t={t} i18nKey="intro.webhooks" components={{ code, hooks: <Link to={PATHS.webhooks} /> }} />
        </Typography.Paragraph>
        <Typography.Paragraph>
          <Trans t={t} i18nKey="intro.webhooksVerify" components={{ code }} />
        </Typography.Paragraph>
        <CodeBlock code={webhookExample} label={t('intro.webhooksLabel')} />
      </section>
    </div>
  );
}
