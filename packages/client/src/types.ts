// The API's shapes, taken from the contract as types alone: they are erased when the client runs,
// so it needs neither the contract nor zod at run time.
import type {
  ModelInfo,
  Page,
  WorkCard,
  Task,
  TaskState,
  UploadKind,
  UploadedImage,
  V1Account,
  V1TaskBody,
  V1TaskCreated,
  WebhookCreateBody,
  WebhookEndpoint,
  WebhookEvent,
  WebhookPayload,
} from '@turing/contract';

export type {
  ModelInfo,
  Page,
  WorkCard,
  Task,
  TaskState,
  UploadKind,
  UploadedImage,
  V1Account as Account,
  V1TaskBody as TaskBody,
  V1TaskCreated as TaskCreated,
  WebhookCreateBody,
  WebhookEndpoint,
  WebhookEvent,
  WebhookPayload,
};

export interface TaskPage {
  items: Task[];
  nextCursor: string | null;
}

export interface WebhookCreated {
  id: string;
  /** The signing secret (`whsec_…`): shown in this answer only. */
  secret: string;
  endpoint: WebhookEndpoint;
}

/** States after which a task changes no more. */
export const FINAL_STATES: readonly string[] = ['complete', 'cancelled', 'timed_out', 'lost', 'failed'];
export const isFinal = (state: string) => FINAL_STATES.includes(state);
