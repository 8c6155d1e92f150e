import { useState } from 'react';
import { Image, Modal, Segmented } from 'antd';
import type { Task } from '@turing/contract';
import { useTranslation } from 'react-i18next';
import { CompareSlider } from './compare-slider.tsx';
import { ViewerActions, type ViewerHandlers } from './viewer-actions.tsx';
import './result-viewer.css';

interface Props extends ViewerHandlers {
  task: Task;
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}

/** A completed task's result: compare with the base, zoom, download and carry on with it. */
export function ResultViewer({ task, index, onIndex, onClose, ...handlers }: Props) {
  const { t } = useTranslation('design');
  const result = task.results[index] ?? task.results[0];
  // Text to image starts from nothing: there is no "before".
  const base = task.mode === 'text' ? null : task.baseImage;
  const [view, setView] = useState<'compare' | 'full'>('compare');
  if (!result) return null;
  const alt = t('task.resultAlt', { n: index + 1, total: task.results.length });
  const showCompare = base !== null && view === 'compare';

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width="min(1240px, 94vw)"
      title={t('viewer.title')}
      destroyOnHidden
      className="viewer-modal"
    >
      <div className="viewer" data-testid="result-viewer">
        <div className="viewer__stage">
          {base && (
            <Segmented
              size="small"
              value={view}
              onChange={setView}
              options={[
                { value: 'compare', label: t('viewer.compare') },
                { value: 'full', label: t('viewer.full') },
              ]}
            />
          )}
          <div className="viewer__image">
            {showCompare ? (
              <CompareSlider before={base} after={result.url} alt={alt} width={result.width} height={result.height} />
            ) : (
              <Image
                src={result.url}
                alt={alt}
                className="viewer__full"
                preview={{ cover: t('viewer.zoom') }}
                // The zoom button's name must include its visible "Zoom", not only the image's alt.
                aria-label={t('viewer.zoomNamed', { name: alt })}
              />
            )}
          </div>
          {task.results.length > 1 && (
            <div className="viewer__thumbs" role="group" aria-label={t('viewer.results')}>
              {task.results.map((r, i) => (
                <button
                  key={r.id}
                  type="button"
                  aria-pressed={i === index}
                  className={i === index ? 'viewer__thumb viewer__thumb--on' : 'viewer__thumb'}
                  onClick={() => onIndex(i)}
                >
                  <img src={r.thumbUrl} alt={t('task.resultAlt', { n: i + 1, total: task.results.length })} />
                </button>
              ))}
            </div>
          )}
        </div>
        <ViewerActions task={task} result={result} {...handlers} />
      </div>
    </Modal>
  );
}
