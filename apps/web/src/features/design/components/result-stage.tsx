import { useState } from 'react';
import { Button, Empty, Modal, Segmented, Tag } from 'antd';
import {
  AppstoreOutlined,
  FullscreenOutlined,
  InfoCircleOutlined,
  LeftOutlined,
  RightOutlined,
} from '@ant-design/icons';
import type { Task } from '@turing/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CompareSlider } from './compare-slider.tsx';
import { FullViewer } from './full-viewer/full-viewer.tsx';
import { StageActions, type StageHandlers, type VaryControl } from './stage-actions.tsx';
import { STATE_COLOR, TaskStatus } from './task-status.tsx';
import { taskModeName } from './presets/task-mode-name.ts';
import './result-stage.css';

export type StageView = 'result' | 'compare' | 'grid';

interface Props {
  /** The task on the stage; undefined shows the empty stage. */
  task: Task | undefined;
  index: number;
  onIndex(index: number): void;
  /** Moves along the film strip: -1 newer, +1 older; undefined where the strip ends. */
  onStep?(step: -1 | 1): void;
  canStep: { prev: boolean; next: boolean };
  full: boolean;
  onFull(full: boolean): void;
  handlers: StageHandlers;
  /** "Vary subtly / strongly" on the result on the stage, where the page offers them. */
  vary?: VaryControl;
}

/** The height the stage's picture may take: all of its frame's (a size container, see result-stage.css). */
const IMAGE_H = '100cqh';

/** "3 of 4 images were made; 1 cube refunded" (nothing refunded when a plan paid for the task). */
function shortfallText(t: TFunction, s: NonNullable<Task['shortfall']>) {
  const counts = { delivered: s.delivered, asked: s.asked };
  return s.refundedCubes > 0
    ? t('task.shortfallRefund', { ...counts, count: s.refundedCubes })
    : t('task.shortfall', counts);
}

/**
 * The selected result, as large as the space right of the parameters allows (fitted, never
 * cropped), with what to do next beside it: compare with the base, compare the batch side by side,
 * full screen, and the actions. A running task shows its place in line or its progress here.
 */
export function ResultStage({ task, index, onIndex, onStep, canStep, full, onFull, handlers, vary }: Props) {
  const { t } = useTranslation('design');
  const [view, setView] = useState<StageView>('result');
  const result = task?.state === 'complete' ? (task.results[index] ?? task.results[0]) : undefined;
  // Text to image starts from nothing: there is no "before".
  const base = task && task.mode !== 'text' ? task.baseImage : null;
  const many = (task?.results.length ?? 0) > 1;
  const shown: StageView = view === 'compare' && !base ? 'result' : view === 'grid' && !many ? 'result' : view;
  const total = task?.results.length ?? 0;
  const alt = t('task.resultAlt', { n: index + 1, total });

  const views = [
    { value: 'result' as const, label: t('stage.viewResult') },
    ...(base ? [{ value: 'compare' as const, label: t('stage.viewCompare') }] : []),
    ...(many ? [{ value: 'grid' as const, label: t('stage.viewGrid'), icon: <AppstoreOutlined /> }] : []),
  ];

  const step = (dir: -1 | 1, can: boolean, label: string, icon: React.ReactNode, side: string) =>
    onStep && (
      // A title, not a tooltip: an open tooltip would take the first Escape from the full-screen view.
      <Button
        shape="circle"
        className={`stage__step stage__step--${side}`}
        icon={icon}
        aria-label={label}
        title={label}
        disabled={!can}
        onClick={() => onStep(dir)}
      />
    );

  let picture: React.ReactNode;
  if (!task) {
    picture = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('results.empty')} className="stage__empty" />;
  } else if (!result) {
    picture = <TaskStatus task={task} />;
  } else if (shown === 'grid') {
    const cols = total <= 1 ? 1 : total <= 4 ? 2 : 4;
    picture = (
      <div
        className="stage__grid"
        data-testid="compare-grid"
        role="group"
        aria-label={t('stage.viewGrid')}
        style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}
      >
        {task.results.map((r, i) => (
          <button
            key={r.id}
            type="button"
            className="stage__cell"
            aria-pressed={i === index}
            onClick={() => {
              onIndex(i);
              setView('result');
            }}
          >
            <img src={r.url} alt={t('task.resultAlt', { n: i + 1, total })} />
            <span className="stage__cell-n" aria-hidden>
              {i + 1}
            </span>
          </button>
        ))}
      </div>
    );
  } else if (shown === 'compare' && base) {
    picture = (
      <CompareSlider
        before={base}
        after={result.url}
        alt={alt}
        width={result.width}
        height={result.height}
        maxHeight={IMAGE_H}
      />
    );
  } else {
    picture = <img className="stage__image" src={result.url} alt={alt} width={result.width} height={result.height} />;
  }

  return (
    <section className="stage" data-testid="stage" aria-label={t('stage.label')}>
      <div className="stage__bar">
        <div className="stage__info">
          {task ? (
            <>
              <Tag color={STATE_COLOR[task.state]}>{t(`task.state.${task.state}`)}</Tag>
              <span className="stage__mode">{taskModeName(t, task)}</span>
              {result && (
                <>
                  {total > 1 && <span>{alt}</span>}
                  <span className="stage__meta">
                    {result.width} × {result.height} px
                  </span>
                  {result.seed != null && (
                    <span className="stage__meta" data-testid="seed">
                      {t('stage.seed', { seed: result.seed })}
                    </span>
                  )}
                  {task.shortfall && (
                    <span className="stage__shortfall" data-testid="task-shortfall">
                      <InfoCircleOutlined aria-hidden /> {shortfallText(t, task.shortfall)}
                    </span>
                  )}
                </>
              )}
            </>
          ) : (
            <h2 className="stage__title">{t('results.title')}</h2>
          )}
        </div>
        {result && (
          <div className="stage__views">
            {views.length > 1 && (
              <Segmented size="small" value={shown} onChange={setView} options={views} aria-label={t('stage.view')} />
            )}
            <Button size="small" icon={<FullscreenOutlined />} title={t('stage.fullHint')} onClick={() => onFull(true)}>
              {t('stage.full')}
            </Button>
          </div>
        )}
      </div>
      <div className="stage__frame" aria-live="polite">
        {step(-1, canStep.prev, t('stage.prev'), <LeftOutlined />, 'prev')}
        <div className="stage__picture">{picture}</div>
        {step(1, canStep.next, t('stage.next'), <RightOutlined />, 'next')}
      </div>
      {task && result ? (
        // The prompt goes with the actions there, beside the variations that keep it.
        <StageActions task={task} result={result} {...handlers} vary={vary} />
      ) : (
        task?.promptOriginal && (
          <p className="stage__prompt" title={task.promptOriginal}>
            {task.promptOriginal}
          </p>
        )
      )}
      {result && (
        <Modal
          open={full}
          onCancel={() => onFull(false)}
          footer={null}
          width="100vw"
          centered
          title={alt}
          className="stage-full"
          destroyOnHidden
        >
          <FullViewer
            result={result}
            alt={alt}
            base={base ?? null}
            compare={shown === 'compare'}
            onCompare={(on) => setView(on ? 'compare' : 'result')}
            prev={step(-1, canStep.prev, t('stage.prev'), <LeftOutlined />, 'prev')}
            next={step(1, canStep.next, t('stage.next'), <RightOutlined />, 'next')}
          />
        </Modal>
      )}
    </section>
  );
}
