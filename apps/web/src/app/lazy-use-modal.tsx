import { lazy, Suspense, useState, type ReactElement } from 'react';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';

// The build hands this module to Ant Design's App component in place of its modal hook (see
// vite.config.ts): the dialog, its buttons' loading skeleton and motion are then fetched the first
// time a page opens a modal, instead of with every first visit.

const ModalHolder = lazy(() => import('./modal-holder.tsx').then((m) => ({ default: m.ModalHolder })));

type ModalKind = keyof ModalApi;
type ModalConfig = Parameters<ModalApi['confirm']>[0];
type ModalHandle = ReturnType<ModalApi['confirm']>;
interface ModalCall {
  kind: ModalKind;
  config: ModalConfig;
  /** The dialog once open; until then `update` and `destroy` act on the waiting call. */
  attach(handle: ModalHandle): void;
}

/**
 * The modal API pages get before its code has arrived: a call waits and opens once it has; its
 * handle's `update`, `destroy` and answer follow the dialog.
 */
function createLazyModal(onFirstUse: () => void) {
  let loaded: ModalApi | null = null;
  const pending: ModalCall[] = [];
  const open =
    (kind: ModalKind) =>
    (config: ModalConfig): ModalHandle => {
      if (loaded) return loaded[kind](config);
      let handle: ModalHandle | null = null;
      let closed = false;
      let answered: (ok: boolean) => void = () => {};
      const answer = new Promise<boolean>((resolve) => (answered = resolve));
      const call: ModalCall = {
        kind,
        config,
        attach(opened) {
          handle = opened;
          if (closed) opened.destroy();
          void opened.then(answered, () => answered(false));
        },
      };
      pending.push(call);
      onFirstUse();
      return {
        destroy() {
          closed = true;
          if (handle) handle.destroy();
          else answered(false);
        },
        update(next) {
          if (handle) handle.update(next);
          else call.config = typeof next === 'function' ? next(call.config) : { ...call.config, ...next };
        },
        then: (resolve) => answer.then(resolve),
      };
    };
  const api: ModalApi = {
    info: open('info'),
    success: open('success'),
    error: open('error'),
    warning: open('warning'),
    confirm: open('confirm'),
  };
  return {
    api,
    ready(modalApi: ModalApi) {
      loaded = modalApi;
      for (const call of pending.splice(0)) call.attach(modalApi[call.kind](call.config));
    },
  };
}

/** Ant Design's `useModal()`, with the real hook mounted (and its code fetched) on first use. */
export default function useModal(): readonly [ModalApi, ReactElement] {
  const [wanted, setWanted] = useState(false);
  const [lazyModal] = useState(() => createLazyModal(() => setWanted(true)));
  const holder = wanted ? (
    <Suspense fallback={null}>
      <ModalHolder onReady={lazyModal.ready} />
    </Suspense>
  ) : (
    <></>
  );
  return [lazyModal.api, holder] as const;
}
