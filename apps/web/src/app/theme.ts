import { theme as antTheme, type ThemeConfig } from 'antd';
import type { Theme } from '../shared/settings/settings-store.ts';

/**
 * The greens and greys the app paints, chosen so every text reaches WCAG AA (4.5:1). The brand's
 * own #18a058 stays on the logo mark and the large gradients, where no small text sits on it.
 * Solid fills carry white text, so they are a deeper green than the brand's; on dark grounds
 * green text needs the opposite, a lighter green, so the dark theme has one green for each use.
 */
const PALETTE = {
  light: {
    // White on it 5.5:1; as text on white 5.5:1, on the grey page 5.1:1.
    fill: '#127841',
    text: '#127841',
    // Selected menu items: the green text on it stays above 4.9:1.
    selectedBg: '#e8f5ee',
    // Hints and counters (0.45 by default is 3.3:1 on the grey page).
    textMuted: 'rgba(0, 0, 0, 0.56)',
    placeholder: 'rgba(0, 0, 0, 0.56)',
    error: '#d9363e',
    warningText: '#9c5e00',
    // Status and preset tags write their colour on its palest tint: these reach 4.9:1 or more.
    tag: {
      colorSuccess: '#237804',
      colorInfo: '#0958d9',
      colorWarning: '#874d00',
      colorError: '#cf1322',
      green7: '#237804',
      gold7: '#874d00',
    },
  },
  dark: {
    // The dark algorithm deepens this seed to #147441: white on it 5.8:1 (hover 4.6:1).
    fill: '#148549',
    // On the dark page 7.2:1, on menus and dialogs 6.4:1, on the selected item's tint 5.2:1.
    text: '#2eb86e',
    selectedBg: undefined,
    textMuted: 'rgba(255, 255, 255, 0.55)',
    placeholder: 'rgba(255, 255, 255, 0.5)',
    // Deepened to #dc6966 by the algorithm: 4.9:1 on dialogs and menus.
    error: '#ff7875',
    warningText: undefined,
    // The other dark tags already pass; blue on its tint was 3.4:1.
    tag: { colorInfo: '#65a9f3' },
  },
} as const;

/**
 * Ant Design's configuration for one theme: square corners, the accessible greens and greys. With
 * `reducedMotion` (the system's "reduce motion" setting) menus, dialogs and messages appear at once.
 */
export function themeConfig(theme: Theme, reducedMotion = false): ThemeConfig {
  const p = PALETTE[theme];
  const greenText = { itemSelectedColor: p.text, itemHoverColor: p.text, itemActiveColor: p.text };
  return {
    algorithm: theme === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
    token: {
      colorPrimary: p.fill,
      colorLink: p.text,
      colorError: p.error,
      colorTextDescription: p.textMuted,
      colorTextTertiary: p.textMuted,
      colorTextPlaceholder: p.placeholder,
      ...(p.selectedBg && { colorPrimaryBg: p.selectedBg }),
      ...(p.warningText && { colorWarningText: p.warningText }),
      borderRadius: 0,
      borderRadiusLG: 0,
      borderRadiusSM: 0,
      borderRadiusXS: 0,
      ...(reducedMotion && { motion: false }),
    },
    components: {
      Tabs: { ...greenText, inkBarColor: p.text },
      Menu: { itemSelectedColor: p.text },
      Tag: p.tag,
    },
  };
}
