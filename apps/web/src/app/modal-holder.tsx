import { useEffect } from 'react';
import { Modal } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';

/** Mounts Ant Design's themed modal hook and hands its API over once it is ready. */
export function ModalHolder({ onReady }: { onReady(api: HookAPI): void }) {
  const [api, holder] = Modal.useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
