import { Button, Flex, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ERRORS, V1_BASE_PATH, v1Routes } from '@turing/contract';
import { ApiReferenceIntro } from '../components/api-reference-intro.tsx';
import { ApiReferenceRoute, routeAnchor, type RouteInfo } from '../components/api-reference-route.tsx';
import type { V1RouteKey } from '../components/api-reference-examples.ts';
import '../components/api-reference.css';

const httpOf = (code: string) => (ERRORS as Record<string, { http: number } | undefined>)[code]?.http;

/**
 * The public API's reference, readable without signing in: what every call shares, then one section
 * per route, made from the contract's route table so it cannot drift from what the server does.
 */
export function ApiReferencePage() {
  const { t } = useTranslation('developer-api');
  const origin = window.location.origin;
  const apiBase = `${origin}${V1_BASE_PATH}`;
  const routes = Object.entries(v1Routes) as [V1RouteKey, RouteInfo][];
  // Hash routes own the URL's fragment, so the contents scroll to a section instead of linking to it.
  const goTo = (key: string) => document.getElementById(routeAnchor(key))?.scrollIntoView({ behavior: 'smooth' });

  return (
    <article className="api-ref" aria-labelledby="api-ref-title">
      <header className="api-ref__head">
        <Typography.Title level={1} id="api-ref-title">
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph className="api-ref__lead">{t('lead')}</Typography.Paragraph>
        <Flex gap={8} wrap>
          <Button icon={<FileTextOutlined />} href={`${V1_BASE_PATH}/openapi.json`} target="_blank">
            {t('openapi')}
          </Button>
        </Flex>
      </header>

      <nav className="api-ref__toc" aria-label={t('toc')}>
        <Typography.Title level={2} className="api-ref__toc-title">
          {t('toc')}
        </Typography.Title>
        <ul>
          {routes.map(([key, route]) => (
            <li key={key}>
              <button type="button" className="api-ref__toc-link" onClick={() => goTo(key)}>
                <span className={`api-ref__method api-ref__method--${route.method.toLowerCase()}`}>{route.method}</span>
                <code>{route.path}</code>
              </button>
            </li>
          ))}
        </ul>
      </nav>

      <ApiReferenceIntro apiBase={apiBase} origin={origin} httpOf={httpOf} />

      <Typography.Title level={2} className="api-ref__routes-title">
        {t('routesTitle')}
      </Typography.Title>
      {routes.map(([key, route]) => (
        <ApiReferenceRoute key={key} routeKey={key} route={route} apiBase={apiBase} origin={origin} httpOf={httpOf} />
      ))}
    </article>
  );
}
