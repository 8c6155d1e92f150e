import type { Task } from '@turing/contract';
import type { TFunction } from 'i18next';

/** A task's mode as people call it: an iterate task by its render mode when it had one. */
export function taskModeName(t: TFunction<'design'>, task: Pick<Task, 'mode' | 'params'>): string {
  const render = task.params.renderMode;
  if (task.mode === 'iterate' && (render === 'neural' || render === 'img2img'))
    return t(`presets.renderMode.${render}`);
  return t(`task.mode.${task.mode}`);
}
