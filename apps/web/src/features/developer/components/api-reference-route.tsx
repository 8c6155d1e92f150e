import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExampleTabs } from './api-reference-code.tsx';
import { curlExample, tsExample, type V1RouteKey } from './api-reference-examples.ts';

export interface RouteInfo {
  method: string;
  path: string;
  scope: string;
  status: number;
  idempotency: 'required' | 'optional' | 'none';
  stream?: boolean;
  multipart?: { field: string; description: string };
  summary: string;
  errors: readonly string[];
}

export const routeAnchor = (key: string) => `api-route-${key}`;

/** One route of the public API: what it does, what it needs, what it may answer, and examples. */
export function ApiReferenceRoute({
  routeKey,
  route,
  apiBase,
  origin,
  httpOf,
}: {
  routeKey: V1RouteKey;
  route: RouteInfo;
  apiBase: string;
  origin: string;
  httpOf: (code: string) => number | undefined;
}) {
  const { t } = useTranslation('developer-api');
  const name = `${route.method} ${route.path}`;
  const items = [
    { key: 'scope', label: t('route.scope'), children: <code>{route.scope}</code> },
    {
      key: 'status',
      label: t('route.status'),
      children: route.stream ? `${route.status} · text/event-stream` : route.status,
    },
    { key: 'idempotency', label: t('route.idempotency'), children: t(`route.idempotencyValue.${route.idempotency}`) },
    ...(route.multipart
      ? [{ key: 'body', label: t('route.body'), children: t('route.multipart', { field: route.multipart.field }) }]
      : []),
    {
      key: 'errors',
      label: t('route.errors'),
      children: route.errors.length ? (
        <span className="api-ref__error-list">
          {route.errors.map((code) => (
            <code key={code}>
              {code}
              {httpOf(code) ? ` ${httpOf(code)}` : ''}
            </code>
          ))}
        </span>
      ) : (
        t('route.noErrors')
      ),
    },
  ];
  return (
    <section className="api-ref__route" id={routeAnchor(routeKey)} aria-labelledby={`${routeAnchor(routeKey)}-title`}>
      <Typography.Title level={3} id={`${routeAnchor(routeKey)}-title`} className="api-ref__route-title">
        <span className={`api-ref__method api-ref__method--${route.method.toLowerCase()}`}>{route.method}</span>
        <code className="api-ref__path">{route.path}</code>
      </Typography.Title>
      <Typography.Paragraph>{t(`routes.${routeKey}`, { defaultValue: route.summary })}</Typography.Paragraph>
      <Descriptions size="small" column={1} bordered items={items} className="api-ref__meta" />
      <ExampleTabs name={name} curl={curlExample(routeKey, route, apiBase)} ts={tsExample(routeKey, origin)} />
    </section>
  );
}
