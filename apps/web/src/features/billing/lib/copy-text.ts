import { toast } from '../../../shared/ui/toast.ts';

/** Copies to the clipboard; a browser without (or refusing) the clipboard gets advice instead. */
export async function copyText(text: string, messages: { done: string; unsupported: string }) {
  if (!navigator.clipboard?.writeText) return void toast.warning(messages.unsupported);
  try {
    await navigator.clipboard.writeText(text);
    toast.success(messages.done);
  } catch {
    toast.warning(messages.unsupported);
  }
}
