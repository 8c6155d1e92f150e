import { useId, type ReactElement } from 'react';
import { Card, theme } from 'antd';
import { ResponsiveContainer } from 'recharts';

/**
 * Colours and text styles of the charts, read from the theme so they follow light and dark: series
 * take the theme's status colours, axes and legends its secondary and main text colours.
 */
export function useChartTheme() {
  const { token } = theme.useToken();
  return {
    series: {
      primary: token.colorPrimary,
      info: token.colorInfo,
      warning: token.colorWarning,
      error: token.colorError,
      extra: token.purple,
      muted: token.colorTextTertiary,
    },
    providerColors: [token.colorPrimary, token.colorInfo, token.colorWarning, token.purple, token.cyan],
    animate: token.motion !== false,
    axis: {
      stroke: token.colorBorder,
      tick: { fill: token.colorTextSecondary, fontSize: 12 },
    },
    grid: token.colorBorderSecondary,
    tooltip: {
      contentStyle: {
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorder}`,
        color: token.colorText,
        borderRadius: 0,
      },
      labelStyle: { color: token.colorText },
      itemStyle: { color: token.colorText },
      cursor: { fill: token.colorFillSecondary },
    },
    legendText: (value: string) => <span style={{ color: token.colorText }}>{value}</span>,
  };
}

/**
 * A chart with its caption: the figure is named by the caption (and the drawing by its own title),
 * so a screen reader announces what the chart shows.
 */
export function ChartFrame({ caption, children }: { caption: string; children: ReactElement }) {
  const id = useId();
  return (
    <Card size="small" className="dashboard-chart">
      <figure aria-labelledby={id} className="dashboard-chart__figure">
        <figcaption id={id} className="dashboard-chart__caption">
          {caption}
        </figcaption>
        <ResponsiveContainer width="100%" height={240}>
          {children}
        </ResponsiveContainer>
      </figure>
    </Card>
  );
}
