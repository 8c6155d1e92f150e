import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Spin, Tooltip, Upload } from 'antd';
import { CloseOutlined, InboxOutlined, SwapOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { UploadKind } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { checkImageFile, uploadImage } from '../../../shared/api/upload-image.ts';
import { toast } from '../../../shared/ui/toast.ts';
import type { SlotImage, SlotName } from '../lib/studio-values.ts';
import { uploadErrorMessage } from '../lib/upload-error.ts';
import './image-slot.css';

const SLOT_KIND: Record<SlotName, UploadKind> = {
  base: 'base',
  reference: 'ref',
  depth: 'depth',
  lineArt: 'line-art',
};

interface Props {
  slot: SlotName;
  value?: SlotImage;
  onChange(image: SlotImage | undefined): void;
  onBusyChange?(busy: boolean): void;
  size?: 'large' | 'small';
  /** Ctrl+V anywhere on the page (outside text fields) lands in this slot. */
  pasteTarget?: boolean;
  /** Shown under the slot, e.g. "extract line art". */
  footer?: ReactNode;
}

const editable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/** One image of a task: click, drop or paste to upload (checked here first), preview, replace, remove. */
export function ImageSlot({ slot, value, onChange, onBusyChange, size = 'small', pasteTarget, footer }: Props) {
  const { t } = useTranslation('design');
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(file, SLOT_KIND[slot]),
    meta: { silent: true },
  });

  const take = (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      setError(t(`errors:${problem}`));
      return;
    }
    setError(null);
    onBusyChange?.(true);
    upload.mutate(file, {
      onSuccess: (img) => onChange({ id: img.id, url: img.url, width: img.width, height: img.height }),
      onError(err) {
        const msg = uploadErrorMessage(err, slot, t);
        setError(msg);
        toast.error(msg);
      },
      onSettled: () => onBusyChange?.(false),
    });
  };
  const takeRef = useRef(take);
  useEffect(() => {
    takeRef.current = take;
  });

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const inSlot = event.target instanceof Node && root.current?.contains(event.target);
      const elsewhereSlot = event.target instanceof HTMLElement && event.target.closest('.image-slot');
      if (!inSlot && (!pasteTarget || editable(event.target) || elsewhereSlot)) return;
      const file = [...(event.clipboardData?.files ?? [])][0];
      if (!file) return;
      event.preventDefault();
      takeRef.current(file);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [pasteTarget]);

  const label = t(`slot.name.${slot}`);
  return (
    <div ref={root} className={`image-slot image-slot--${size}`} data-testid={`slot-${slot}`}>
      <div className="image-slot__label">{label}</div>
      <Upload.Dragger
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        showUploadList={false}
        multiple={false}
        disabled={upload.isPending}
        beforeUpload={(file) => {
          take(file);
          return false;
        }}
        className="image-slot__drop"
      >
        <Spin spinning={upload.isPending}>
          {value ? (
            <img className="image-slot__img" src={value.url} alt={label} />
          ) : (
            <div className="image-slot__empty">
              <InboxOutlined className="image-slot__icon" />
              <span>{size === 'large' ? t('slot.hint') : t('slot.hintShort')}</span>
            </div>
          )}
        </Spin>
      </Upload.Dragger>
      {value && (
        <div className="image-slot__actions">
          <Tooltip title={t('slot.replace')}>
            <Upload
              accept=".png,.jpg,.jpeg,image/png,image/jpeg"
              showUploadList={false}
              beforeUpload={(file) => {
                take(file);
                return false;
              }}
            >
              <Button size="small" icon={<SwapOutlined />} aria-label={t('slot.replaceNamed', { name: label })} />
            </Upload>
          </Tooltip>
          <Tooltip title={t('slot.remove')}>
            <Button
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('slot.removeNamed', { name: label })}
              onClick={() => onChange(undefined)}
            />
          </Tooltip>
        </div>
      )}
      {error && (
        <div className="image-slot__error" role="alert" data-testid={`slot-error-${slot}`}>
          {error}
        </div>
      )}
      {footer}
    </div>
  );
}
