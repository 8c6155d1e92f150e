import type { ReactNode } from 'react';
import { Button, Divider, Flex, Radio, Slider, Tooltip, Typography } from 'antd';
import {
  BgColorsOutlined,
  BorderOutlined,
  ClearOutlined,
  DeleteOutlined,
  ExpandOutlined,
  GatewayOutlined,
  HighlightOutlined,
  MinusOutlined,
  PlusOutlined,
  RedoOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FIT_KEY, MODE_KEY, TOOL_KEYS } from './use-mask-shortcuts.ts';
import type { MaskMode, MaskTool } from './mask-types.ts';
import { WandIcon } from './wand-icon.tsx';

export interface MaskToolbarProps {
  tool: MaskTool;
  onTool: (tool: MaskTool) => void;
  mode: MaskMode;
  onMode: (mode: MaskMode) => void;
  brushSize: number;
  brushMax: number;
  onBrushSize: (size: number) => void;
  /** The magic wand's tolerance, 0–100. */
  tolerance: number;
  onTolerance: (tolerance: number) => void;
  opacity: number;
  onOpacity: (opacity: number) => void;
  canUndo: boolean;
  canRedo: boolean;
  canClear: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onClear: () => void;
  zoomPercent: number;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
}

const TOOL_ICONS: Record<MaskTool, ReactNode> = {
  brush: <HighlightOutlined />,
  eraser: <ClearOutlined />,
  rect: <BorderOutlined />,
  polygon: <GatewayOutlined />,
  wand: <WandIcon />,
  lineArt: <BgColorsOutlined />,
};

/** The wand's tools keep their strings under their own key. */
const toolLabel = (tool: MaskTool) =>
  tool === 'wand' || tool === 'lineArt' ? (`wand.tools.${tool}` as const) : (`mask.tools.${tool}` as const);

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const COMMAND = isMac ? '⌘' : 'Ctrl+';
/** Keyboard users see a button's name and shortcut too, not only mouse users. */
const TIP_TRIGGER: ('hover' | 'focus')[] = ['hover', 'focus'];

/** An icon button whose tooltip and accessible name both carry the label and its shortcut. */
function ToolButton(
  props: { label: string; keys?: string; icon: ReactNode; onClick: () => void } & Partial<{
    pressed: boolean;
    disabled: boolean;
  }>,
) {
  const { t } = useTranslation('design');
  const title = props.keys ? t('mask.shortcut', { label: props.label, keys: props.keys }) : props.label;
  return (
    <Tooltip title={title} trigger={TIP_TRIGGER}>
      <Button
        icon={props.icon}
        type={props.pressed ? 'primary' : 'default'}
        aria-label={title}
        aria-pressed={props.pressed}
        disabled={props.disabled}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

export function MaskToolbar(p: MaskToolbarProps) {
  const { t } = useTranslation('design');
  const brushing = p.tool === 'brush' || p.tool === 'eraser';
  // Two fixed rows rather than one that wraps: at the studio's width a wrapped row breaks between
  // groups at random and leaves dividers hanging. Actions on top, the two settings below.
  return (
    <Flex role="toolbar" aria-label={t('mask.toolbar')} vertical gap={10}>
      <Flex wrap align="center" justify="space-between" gap={8}>
        <Flex wrap align="center" gap={8}>
          <Flex gap={4}>
            {(Object.keys(TOOL_ICONS) as MaskTool[]).map((tool) => (
              <ToolButton
                key={tool}
                label={t(toolLabel(tool))}
                keys={TOOL_KEYS[tool]}
                icon={TOOL_ICONS[tool]}
                pressed={p.tool === tool}
                onClick={() => p.onTool(tool)}
              />
            ))}
          </Flex>
          <Tooltip title={t('mask.shortcut', { label: t('mask.mode.toggle'), keys: MODE_KEY })} trigger={TIP_TRIGGER}>
            <Radio.Group
              aria-label={t('mask.mode.label')}
              optionType="button"
              buttonStyle="solid"
              value={p.mode}
              disabled={p.tool === 'eraser'}
              onChange={(e) => p.onMode(e.target.value as MaskMode)}
              options={[
                { value: 'add', label: <PlusOutlined aria-label={t('mask.mode.add')} />, title: t('mask.mode.add') },
                {
                  value: 'subtract',
                  label: <MinusOutlined aria-label={t('mask.mode.subtract')} />,
                  title: t('mask.mode.subtract'),
                },
              ]}
            />
          </Tooltip>
          <Divider orientation="vertical" style={{ marginInline: 0 }} />
          <Flex gap={4}>
            <ToolButton
              label={t('mask.undo')}
              keys={`${COMMAND}Z`}
              icon={<UndoOutlined />}
              disabled={!p.canUndo}
              onClick={p.onUndo}
            />
            <ToolButton
              label={t('mask.redo')}
              keys={`${COMMAND}Shift+Z`}
              icon={<RedoOutlined />}
              disabled={!p.canRedo}
              onClick={p.onRedo}
            />
            <ToolButton label={t('mask.clear')} icon={<DeleteOutlined />} disabled={!p.canClear} onClick={p.onClear} />
          </Flex>
        </Flex>
        <Flex gap={4} align="center">
          <ToolButton label={t('mask.zoomOut')} icon={<ZoomOutOutlined />} onClick={p.onZoomOut} />
          <Typography.Text
            title={t('mask.zoom', { percent: p.zoomPercent })}
            style={{ minWidth: 48, textAlign: 'center' }}
          >
            {p.zoomPercent}%
          </Typography.Text>
          <ToolButton label={t('mask.zoomIn')} icon={<ZoomInOutlined />} onClick={p.onZoomIn} />
          <ToolButton label={t('mask.fit')} keys={FIT_KEY} icon={<ExpandOutlined />} onClick={p.onFit} />
        </Flex>
      </Flex>
      <Flex wrap align="center" gap={24}>
        {/* Kept in place but disabled for shapes, so the opacity slider does not jump when the tool changes;
            the magic wand puts its tolerance in the same place, at the same width. */}
        <Flex align="center" gap={8} style={{ minWidth: 250 }}>
          {p.tool === 'wand' ? (
            <>
              <Typography.Text type="secondary">{t('wand.tolerance')}</Typography.Text>
              <Slider
                style={{ width: 140, margin: '0 6px' }}
                min={0}
                max={100}
                value={p.tolerance}
                onChange={p.onTolerance}
                ariaLabelForHandle={t('wand.tolerance')}
              />
            </>
          ) : (
            <>
              <Typography.Text type="secondary">{t('mask.brushSize')}</Typography.Text>
              <Slider
                style={{ width: 140, margin: '0 6px' }}
                min={1}
                max={p.brushMax}
                value={p.brushSize}
                disabled={!brushing}
                onChange={p.onBrushSize}
                ariaLabelForHandle={t('mask.brushSize')}
              />
            </>
          )}
        </Flex>
        <Flex align="center" gap={8}>
          <Typography.Text type="secondary">{t('mask.opacity')}</Typography.Text>
          <Slider
            style={{ width: 120, margin: '0 6px' }}
            min={0.1}
            max={1}
            step={0.05}
            value={p.opacity}
            onChange={p.onOpacity}
            tooltip={{ formatter: (v) => `${Math.round((v ?? 0) * 100)}%` }}
            ariaLabelForHandle={t('mask.opacity')}
          />
        </Flex>
      </Flex>
    </Flex>
  );
}
