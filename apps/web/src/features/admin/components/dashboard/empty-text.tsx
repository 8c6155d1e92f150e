import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** An empty table's line, in the secondary text colour (Ant Design's own grey is too faint to read). */
export const EmptyText = ({ children }: { children: ReactNode }) => (
  <Typography.Text type="secondary">{children}</Typography.Text>
);
