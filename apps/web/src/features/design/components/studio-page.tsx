import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import type { TaskParamsInput } from '@turing/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { detailPath } from '../../../shared/routes/paths.ts';
import { useCost } from '../api/get-cost.ts';
import { taskQueryOptions } from '../api/get-task.ts';
import { useGenerate } from '../hooks/use-generate.ts';
import { useStudioForm } from '../hooks/use-studio-form.ts';
import { useTaskEvents } from '../hooks/use-task-events.ts';
import { useVary, useVaryCost } from '../hooks/use-vary.ts';
import { useViewer } from '../hooks/use-viewer.ts';
import { blockReason, seedAfterSubmit, toTaskParams, type SlotName, type StudioMode } from '../lib/studio-values.ts';
import { GenerateBar } from './generate-bar.tsx';
import { hasRegion } from './mask-editor/mask-geometry.ts';
import { rasterizeMask } from './mask-editor/mask-rasterize.ts';
import type { MaskShape } from './mask-editor/mask-types.ts';
import { ParameterPanel } from './parameter-panel.tsx';
import { PcNotice } from './pc-notice.tsx';
import { PurchaseModal } from './purchase-modal.tsx';
import { RegionArea } from './region-area.tsx';
import { ResultViewer } from './result-viewer.tsx';
import { ResultsArea } from './results-area.tsx';
import { SlotPanel } from './slot-panel.tsx';
import { StudioTour } from './studio-tour.tsx';
import './studio-page.css';

const TITLE: Record<StudioMode, string> = {
  text: 'routes.textGenerate',
  iterate: 'routes.iterationRendering',
  edit: 'routes.stepEditing',
};

/** Whether a dialog is on screen; a closed one stays in the DOM, hidden. */
const dialogShown = () =>
  [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].some((wrap) => wrap.style.display !== 'none');

/** One studio page: parameters on the left, live results and history on the right. */
export function StudioPage({ mode }: { mode: StudioMode }) {
  const { t } = useTranslation('design');
  useTaskEvents();
  const { values, patch, setImage, prefill } = useStudioForm();
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [shapes, setShapes] = useState<MaskShape[]>([]);
  const gen = useGenerate();
  const viewer = useViewer({ mode, gen, setImage, prefill, onNewBase: () => setShapes([]) });

  // The price follows only quality and count, so the smallest valid task asks for it before the form is complete.
  const cost = useCost({ mode: 'text', prompt: '-', quality: values.quality, count: values.count });
  const reason = blockReason(mode, values, {
    hasRegion: values.images.base ? hasRegion(shapes, values.images.base) : false,
    uploading: Object.values(busy).some(Boolean),
    enough: cost.data?.enough,
  });

  // The latest task started here: its first result can be varied from the form.
  const latest = useQuery({ ...taskQueryOptions(gen.live[0] ?? ''), enabled: Boolean(gen.live[0]) }).data;
  const latestResult = latest?.state === 'complete' ? (latest.results[0] ?? null) : null;
  const varyCost = useVaryCost(latestResult ? latest! : null, latestResult?.id ?? null);
  const { vary } = useVary(gen);

  const generate = () => {
    if (reason || gen.pending) return;
    const body: TaskParamsInput = toTaskParams(mode, values);
    const base = values.images.base;
    const started =
      mode === 'edit' && base
        ? gen.runWithMask(() => rasterizeMask(shapes, base.width, base.height), body)
        : gen.run(body);
    // Kept, the seed field shows the seed the task ran with; otherwise the next task gets a new one.
    void started.then((task) => task && patch({ seed: seedAfterSubmit(values, task) }));
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
    if (slot === 'base') setShapes([]);
  };

  return (
    <div className="studio">
      <div className="studio__head">
        <h1 className="studio__title">{t(`common:${TITLE[mode]}`)}</h1>
        <span className="studio__subtitle">{t(`subtitle.${mode}`)}</span>
        <StudioTour mode={mode} />
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
            mode === 'text' ? undefined : (
              <SlotPanel
                mode={mode}
                images={values.images}
                onImage={onImage}
                onBusyChange={(key, on) => setBusy((b) => ({ ...b, [key]: on }))}
              />
            )
          }
          vary={
            latest && latestResult
              ? {
                  onVary: (strength) => void vary(latest, latestResult.id, strength),
                  cost: varyCost.data,
                  busy: gen.pending,
                }
              : undefined
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
        <ResultsArea
          live={gen.live}
          onOpen={viewer.show}
          onHistory={(task) => {
            if (task.state === 'complete' && task.results.length) viewer.show(task, 0);
            else gen.show(task);
          }}
          top={
            mode === 'edit' ? <RegionArea base={values.images.base} shapes={shapes} onShapes={setShapes} /> : undefined
          }
        />
      </div>
      {viewer.open && (
        <ResultViewer
          task={viewer.open.task}
          index={viewer.open.index}
          onIndex={viewer.setIndex}
          onClose={viewer.close}
          {...viewer.handlers}
        />
      )}
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
