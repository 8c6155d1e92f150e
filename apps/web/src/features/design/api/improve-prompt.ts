import { useMutation } from '@tanstack/react-query';
import { designEndpoints, type CallBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

type ImprovePromptInput = CallBody<typeof designEndpoints.improvePrompt>;

const improvePrompt = (body: ImprovePromptInput) => call(designEndpoints.improvePrompt, { body });

/**
 * "Improve prompt": the answer is shown for the user to edit, never put in the form by itself. Its
 * errors are shown beside the button (localised by the server), not as a toast.
 */
export const useImprovePrompt = () => useMutation({ mutationFn: improvePrompt, meta: { silent: true } });
