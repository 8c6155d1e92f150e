import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import './console-page.css';

/** One console page: its title (the page's only h1), the actions beside it, then its content. */
export function ConsolePage({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="console-page" aria-label={title}>
      <Flex className="console-page__head" align="center" justify="space-between" gap={12} wrap>
        <Typography.Title level={1} className="console-page__title">
          {title}
        </Typography.Title>
        {extra ? (
          <Flex gap={8} wrap>
            {extra}
          </Flex>
        ) : null}
      </Flex>
      {children}
    </section>
  );
}
