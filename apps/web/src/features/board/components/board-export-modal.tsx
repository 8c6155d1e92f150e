import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio } from 'antd';
import {
  BOARD_DPIS,
  BOARD_FORMATS,
  BOARD_IMAGES_MAX,
  BOARD_LANGS,
  BOARD_LAYOUTS,
  BOARD_ORIENTATIONS,
  BOARD_PAPERS,
  BOARD_SUBTITLE_MAX,
  BOARD_TITLE_MAX,
  boardFields,
  boardPageCount,
  boardPagePixels,
  type BoardDpi,
  type BoardFormat,
  type BoardLayout,
  type BoardOrientation,
  type BoardPaper,
  type Locale,
} from '@turing/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import type { BoardExportImage } from '../../../shared/ui/board/board-export-context.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useExportBoard, type BoardExportState } from '../api/export-board.ts';
import { saveFile } from '../lib/save-file.ts';
import { BoardImageList } from './board-image-list.tsx';
import { LayoutSchematic } from './layout-schematic.tsx';
import './board-export-modal.css';

export interface BoardExportModalProps {
  open: boolean;
  /** The images to put on the board, in order, with proposed captions. */
  images: BoardExportImage[];
  /** The proposed title: a project's or a folder's name. */
  defaultTitle?: string;
  defaultSubtitle?: string;
  onClose(): void;
}

interface Settings {
  title: string;
  subtitle: string;
  format: BoardFormat;
  paper: BoardPaper;
  orientation: BoardOrientation;
  dpi: BoardDpi;
  layout: BoardLayout;
  lang: Locale;
}
type PageSettings = Omit<Settings, 'title' | 'subtitle' | 'lang'>;

// The page settings of the last export in this visit: the next board starts from them.
let remembered: PageSettings = { format: 'pdf', paper: 'A3', orientation: 'landscape', dpi: 300, layout: 4 };

/** The browser's time zone, for the date on the board, when it is one the server knows. */
function timeZone() {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && zone !== 'Etc/Unknown' ? zone : undefined;
  } catch {
    return undefined;
  }
}

function progressText(state: BoardExportState, t: TFunction, locale: string) {
  if (state.phase === 'drawing') return t('progress.drawing');
  if (state.phase === 'downloading') {
    const mb = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(state.received / 1024 / 1024);
    return t('progress.downloading', { mb });
  }
  return null;
}

/**
 * Exports a presentation board of some images: paper, orientation, resolution, images per page with
 * a schematic of each layout, the board's title and language, and a caption and view name per image.
 * The file downloads under the name the server gives it. Reusable: any page opens it with its images.
 */
export function BoardExportModal({ open, images, defaultTitle, defaultSubtitle, onClose }: BoardExportModalProps) {
  const { t, i18n } = useTranslation('board');
  const [form] = Form.useForm<Settings>();
  const [rows, setRows] = useState(images);
  const [error, setError] = useState<string | null>(null);
  const exporter = useExportBoard();
  const busy = exporter.state.phase !== 'idle';
  const initial: Settings = {
    ...remembered,
    title: defaultTitle ?? '',
    subtitle: defaultSubtitle ?? '',
    lang: i18n.language === 'zh' ? 'zh' : 'en',
  };
  const watched = { ...initial, ...Form.useWatch([], form) } as Settings;
  const pages = boardPageCount(rows.length, watched.layout);
  const pixels = boardPagePixels(watched.paper, watched.orientation, watched.dpi);
  const tooMany = rows.length > BOARD_IMAGES_MAX;

  const submit = async (values: Settings) => {
    setError(null);
    remembered = {
      format: values.format,
      paper: values.paper,
      orientation: values.orientation,
      dpi: values.dpi,
      layout: values.layout,
    };
    try {
      const file = await exporter.start({
        ...values,
        title: values.title.trim(),
        subtitle: values.subtitle.trim() || undefined,
        timeZone: timeZone(),
        images: rows.map((row) => ({
          imageId: row.imageId,
          caption: row.caption?.trim() || undefined,
          group: row.group?.trim() || undefined,
        })),
      });
      if (!file) return;
      saveFile(file.blob, file.name);
      toast.success(t('done', { name: file.name }));
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const close = () => {
    exporter.cancel();
    onClose();
  };
  const choices = <T extends string | number>(values: readonly T[], label: (v: T) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  return (
    <Modal
      open={open}
      title={t('title')}
      width={820}
      onCancel={close}
      destroyOnHidden
      footer={
        <div className="board-export__footer">
          <span className="board-export__progress" aria-live="polite" data-testid="board-progress">
            {progressText(exporter.state, t, i18n.language)}
          </span>
          <Button onClick={busy ? exporter.cancel : close}>{busy ? t('stop') : t('cancel')}</Button>
          <Button
            type="primary"
            loading={busy}
            disabled={tooMany || rows.length === 0}
            onClick={() => form.submit()}
            data-testid="board-export-submit"
          >
            {t('export')}
          </Button>
        </div>
      }
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={(values) => void submit(values)}
        disabled={busy}
        className="board-export"
        data-testid="board-export"
      >
        <div className="board-export__titles">
          <Form.Item name="title" label={t('fields.title')} rules={[zodRule(boardFields.title, t)]}>
            <Input maxLength={BOARD_TITLE_MAX} placeholder={t('fields.titlePlaceholder')} />
          </Form.Item>
          <Form.Item name="subtitle" label={t('fields.subtitle')} rules={[zodRule(boardFields.subtitle, t)]}>
            <Input maxLength={BOARD_SUBTITLE_MAX} placeholder={t('fields.subtitlePlaceholder')} />
          </Form.Item>
        </div>
        <div className="board-export__settings">
          <Form.Item name="format" label={t('fields.format')}>
            <Radio.Group
              optionType="button"
              aria-label={t('fields.format')}
              options={choices(BOARD_FORMATS, (f) => t(`format.${f}`))}
            />
          </Form.Item>
          <Form.Item name="paper" label={t('fields.paper')}>
            <Radio.Group optionType="button" aria-label={t('fields.paper')} options={choices(BOARD_PAPERS, (p) => p)} />
          </Form.Item>
          <Form.Item name="orientation" label={t('fields.orientation')}>
            <Radio.Group
              optionType="button"
              aria-label={t('fields.orientation')}
              options={choices(BOARD_ORIENTATIONS, (o) => t(`orientation.${o}`))}
            />
          </Form.Item>
          <Form.Item name="dpi" label={t('fields.dpi')}>
            <Radio.Group
              optionType="button"
              aria-label={t('fields.dpi')}
              options={choices(BOARD_DPIS, (dpi) => t('dpi', { dpi }))}
            />
          </Form.Item>
          <Form.Item name="lang" label={t('fields.lang')}>
            <Radio.Group
              optionType="button"
              aria-label={t('fields.lang')}
              options={choices(BOARD_LANGS, (l) => t(`lang.${l}`))}
            />
          </Form.Item>
        </div>
        <Form.Item name="layout" label={t('fields.layout')}>
          <Radio.Group aria-label={t('fields.layout')} className="board-export__layouts">
            {BOARD_LAYOUTS.map((layout) => (
              <Radio.Button key={layout} value={layout} className="board-export__layout">
                <LayoutSchematic layout={layout} orientation={watched.orientation} />
                <span>{t('layout', { count: layout })}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <p className="board-export__summary" data-testid="board-summary">
          {t('summary', {
            pages: t('pages', { count: pages }),
            paper: watched.paper,
            orientation: t(`orientation.${watched.orientation}`),
            width: pixels.width,
            height: pixels.height,
            dpi: watched.dpi,
          })}
          {watched.format === 'png' && pages > 1 && ` ${t('zipNote')}`}
        </p>
      </Form>
      <h3 className="board-export__heading">{t('images.heading', { count: rows.length })}</h3>
      {tooMany && <Alert type="warning" showIcon title={t('tooMany', { max: BOARD_IMAGES_MAX, count: rows.length })} />}
      <BoardImageList images={rows} onChange={setRows} disabled={busy} />
      {error && <Alert type="error" showIcon title={error} className="board-export__error" data-testid="board-error" />}
    </Modal>
  );
}
