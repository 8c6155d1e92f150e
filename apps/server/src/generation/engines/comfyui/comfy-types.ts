/** The parts of ComfyUI's HTTP and WebSocket protocol this engine reads (server.py, execution.py). */

/** A link to another node's output: [node id, output index]. */
export type NodeLink = [string, number];

interface GraphNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title?: string };
}

/** A workflow in ComfyUI's API format: node id → node. */
export type Graph = Record<string, GraphNode>;

/** A queue item: [number, prompt_id, prompt, extra_data, outputs_to_execute, ...]. */
export type QueueItem = [number, string, ...unknown[]];

export interface QueueInfo {
  queue_running: QueueItem[];
  queue_pending: QueueItem[];
}

export interface ImageRef {
  filename: string;
  subfolder: string;
  type: string;
}

/** What an output node made (SaveImage: its images), in /history and in the socket's `executed`. */
export interface HistoryOutput {
  images?: ImageRef[];
}

export interface HistoryEntry {
  /** The queue item it ran as: [number, prompt_id, graph, extra_data (client_id), outputs]. */
  prompt?: QueueItem;
  outputs?: Record<string, HistoryOutput>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
}

/** The 400 answer of POST /prompt. */
export interface PromptErrorBody {
  error?: { type?: string; message?: string; details?: string } | string;
  node_errors?: Record<
    string,
    { class_type?: string; errors?: { type?: string; message?: string; details?: string }[] }
  >;
}

/** A JSON message on /ws; `data` carries prompt_id on every execution message. */
export interface SocketMessage {
  type: string;
  data: Record<string, unknown> & { prompt_id?: string };
}

/** A binary preview frame, decoded. */
export interface PreviewFrame {
  image: Buffer;
  /** Only newer servers send it (metadata frames); otherwise the preview belongs to the running prompt. */
  promptId?: string;
}
