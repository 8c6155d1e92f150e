import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Segmented } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Task, TaskParamsInput } from '@turing/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { detailPath } from '../../../shared/routes/paths.ts';
import { StudioProjectSlot } from '../../../shared/studio/studio-project.ts';
import { useCost } from '../api/get-cost.ts';
import { useGenerate } from '../hooks/use-generate.ts';
import { useCopiedMask } from '../hooks/use-copied-mask.ts';
import { useStudioForm } from '../hooks/use-studio-form.ts';
import { useStageActions } from '../hooks/use-stage-actions.ts';
import { stops, useStageTasks } from '../hooks/use-stage-tasks.ts';
import { useStageKeys } from '../hooks/use-stage-keys.ts';
import { useTaskEvents } from '../hooks/use-task-events.ts';
import { useVary, useVaryCost } from '../hooks/use-vary.ts';
import { useDraftSync } from '../hooks/use-draft-sync.ts';
import { clearDraft, type StageSelection, type StudioDraft } from '../lib/studio-draft.ts';
import { blockReason, seedAfterSubmit, toTaskParams, type SlotName, type StudioMode } from '../lib/studio-values.ts';
import { FilmStrip } from './film-strip.tsx';
import { GenerateBar } from './generate-bar.tsx';
import { hasRegion } from './mask-editor/mask-geometry.ts';
import { rasterizeMask } from './mask-editor/mask-rasterize.ts';
import type { MaskShape } from './mask-editor/mask-types.ts';
import { ParameterPanel } from './parameter-panel.tsx';
import { PcNotice } from './pc-notice.tsx';
import { PurchaseModal } from './purchase-modal.tsx';
import { RegionArea } from './region-area.tsx';
import { ResultStage } from './result-stage.tsx';
import { SlotPanel } from './slot-panel.tsx';
import { StudioTour } from './studio-tour.tsx';
import { useChosenModel } from './model-picker.tsx';
import './studio-page.css';

const TITLE: Record<StudioMode, string> = {
  text: 'routes.textGenerate',
  iterate: 'routes.iterationRendering',
  edit: 'routes.stepEditing',
};

/** Whether a dialog is on screen; a closed one stays in the DOM, hidden. */
const dialogShown = () =>
  [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].some((wrap) => wrap.style.display !== 'none');

/**
 * One studio page: parameters on the left; on the right the result stage over a film strip of the
 * tasks started here and the history. The form, the tasks started here and the result on the stage
 * are this page's draft, kept per user and restored on the next visit.
 */
export function StudioPage({
  mode,
  projectId,
  draft = null,
  onNewerDraft,
}: {
  mode: StudioMode;
  /** The project the page works in (its drafts are the project's). */
  projectId?: string;
  /** The draft it opens on (StudioDraftGate picks the newest of this browser's and the server's). */
  draft?: StudioDraft | null;
  onNewerDraft?: (draft: StudioDraft) => void;
}) {
  const { t } = useTranslation('design');
  useTaskEvents();
  const { values, patch, setImage, prefill, reset, copiedMask } = useStudioForm(draft);
  const model = useChosenModel(values.model);
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [shapes, setShapes] = useState<MaskShape[]>([]);
  useCopiedMask(mode === 'edit' ? copiedMask : undefined, values.images.base, setShapes);
  const gen = useGenerate(draft?.live);
  const [selected, setSelected] = useState<StageSelection | null>(draft?.selected ?? null);
  const [full, setFull] = useState(false);
  // Step editing shows the region editor or the stage in the same place.
  const [pane, setPane] = useState<'region' | 'stage'>(draft?.selected ? 'stage' : 'region');
  const select = (selection: StageSelection) => {
    setSelected(selection);
    setPane('stage');
  };
  const onSubmitted = (task: Task) => select({ id: task.id, index: 0 });
  const handlers = useStageActions({
    mode,
    gen,
    setImage,
    prefill,
    onSubmitted,
    onNewBase: () => {
      setShapes([]);
      setPane('region');
    },
  });
  const { tasks, history } = useStageTasks(gen.live);
  const onStage = selected ? tasks.find((task) => task.id === selected.id) : undefined;
  const strip = stops(tasks);
  const at = selected ? strip.findIndex((s) => s.id === selected.id && s.index === selected.index) : -1;
  const canStep = { prev: at > 0, next: at >= 0 && at < strip.length - 1 };
  const step = (dir: -1 | 1) => {
    const next = at < 0 ? strip[0] : strip[at + dir];
    if (next) select(next);
  };
  const showStage = mode !== 'edit' || pane === 'stage';
  useStageKeys({ enabled: showStage || full, onStep: step });

  useDraftSync(mode, projectId, { values, live: gen.live, selected }, draft, onNewerDraft);

  const startNew = () => {
    reset();
    gen.reset();
    setSelected(null);
    setShapes([]);
    setFull(false);
    setPane('region');
    clearDraft(mode, projectId);
  };

  // The price follows only the model, quality and count, so the smallest valid task asks for it before the form is complete.
  const cost = useCost({
    mode: 'text',
    prompt: '-',
    model: values.model,
    quality: values.quality,
    count: values.count,
  });
  const reason = blockReason(mode, values, {
    hasRegion: values.images.base ? hasRegion(shapes, values.images.base) : false,
    uploading: Object.values(busy).some(Boolean),
    enough: cost.data?.enough,
  });

  // The result on the stage can be varied subtly or strongly from its actions.
  const latest = onStage?.state === 'complete' ? onStage : undefined;
  const latestResult = latest ? (latest.results[selected?.index ?? 0] ?? null) : null;
  const varyCost = useVaryCost(latestResult ? latest! : null, latestResult?.id ?? null);
  const { vary } = useVary(gen);

  const generate = () => {
    if (reason || gen.pending) return;
    const { seed, negativePrompt, ...rest } = toTaskParams(mode, values);
    // A seed or a negative prompt left in a restored draft is not sent to a model that cannot use it.
    const body: TaskParamsInput = {
      ...rest,
      ...(model?.capabilities.seed !== false && { seed }),
      ...(model?.capabilities.negativePrompt !== false && { negativePrompt }),
    };
    const base = values.images.base;
    const started =
      mode === 'edit' && base
        ? gen.runWithMask(() => rasterizeMask(shapes, base.width, base.height), body)
        : gen.run(body);
    void started.then((task) => {
      if (!task) return;
      onSubmitted(task);
      // Kept, the seed field shows the seed the task ran with; otherwise the next task gets a new one.
      patch({ seed: seedAfterSubmit(values, task) });
    });
  };
  const generateRef = useRef(generate);
  useEffect(() => {
    generateRef.current = generate;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || dialogShown()) return;
      e.preventDefault();
      generateRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const onImage = (slot: SlotName, image: Parameters<typeof setImage>[1]) => {
    setImage(slot, image);
    if (slot === 'base') {
      setShapes([]);
      setPane('region');
    }
  };

  return (
    <div className="studio">
      <div className="studio__head">
        <h1 className="studio__title">{t(`common:${TITLE[mode]}`)}</h1>
        <span className="studio__subtitle">{t(`subtitle.${mode}`)}</span>
        <Button icon={<PlusOutlined />} onClick={startNew} data-testid="studio-new">
          {t('stage.new')}
        </Button>
        <StudioTour mode={mode} />
        <StudioProjectSlot />
      </div>
      <PcNotice />
      {values.basedOnId && (
        <Alert
          type="success"
          showIcon
          className="studio__based-on"
          data-testid="based-on"
          title={
            <>
              {t('basedOn.text')} <Link to={detailPath(values.basedOnId)}>{t('basedOn.link')}</Link>
            </>
          }
          closable={{ onClose: () => patch({ basedOnId: undefined }), 'aria-label': t('basedOn.clear') }}
        />
      )}
      <div className="studio__grid">
        <ParameterPanel
          mode={mode}
          values={values}
          onChange={patch}
          slots={
            <SlotPanel
              mode={mode}
              model={values.model}
              images={values.images}
              onImage={onImage}
              onBusyChange={(key, on) => setBusy((b) => ({ ...b, [key]: on }))}
            />
          }
          footer={
            <GenerateBar
              cost={cost.data}
              costLoading={cost.isPending}
              reason={reason}
              submitting={gen.pending}
              onGenerate={generate}
              onBuy={gen.openPurchase}
            />
          }
        />
        <div className="studio-main" data-tour="results">
          {mode === 'edit' && (
            <Segmented
              className="studio-main__panes"
              value={pane}
              onChange={setPane}
              options={[
                { value: 'region', label: t('stage.paneRegion') },
                { value: 'stage', label: t('stage.paneResults') },
              ]}
              aria-label={t('stage.panes')}
            />
          )}
          {showStage ? (
            <ResultStage
              task={onStage}
              index={selected?.index ?? 0}
              onIndex={(index) => onStage && select({ id: onStage.id, index })}
              onStep={strip.length > 1 ? step : undefined}
              canStep={canStep}
              full={full}
              onFull={setFull}
              handlers={handlers}
              vary={
                latest && latestResult
                  ? {
                      onVary: (strength) =>
                        void vary(latest, latestResult.id, strength).then((task) => task && onSubmitted(task)),
                      cost: varyCost.data,
                      busy: gen.pending,
                    }
                  : undefined
              }
            />
          ) : (
            <RegionArea base={values.images.base} shapes={shapes} onShapes={setShapes} />
          )}
          <FilmStrip tasks={tasks} history={history} selected={selected} onSelect={select} />
        </div>
      </div>
      <PurchaseModal
        open={gen.purchase.open}
        message={
          gen.purchase.message ??
          (cost.data && !cost.data.enough
            ? t('errors:INSUFFICIENT_BALANCE', { need: cost.data.cubes, have: cost.data.balance })
            : undefined)
        }
        fits={
          gen.purchase.details ? gen.purchase.details.fits : cost.data?.enough === false ? cost.data.fits : undefined
        }
        onFit={(fits) => patch({ count: fits.count, quality: fits.quality })}
        shortBy={
          gen.purchase.details
            ? Math.max(1, gen.purchase.details.need - gen.purchase.details.have)
            : cost.data
              ? Math.max(1, cost.data.cubes - cost.data.balance)
              : undefined
        }
        onClose={gen.closePurchase}
      />
    </div>
  );
}
