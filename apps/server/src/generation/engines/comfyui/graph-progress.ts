import type { Graph } from './comfy-types.ts';

/** Nodes that do the long work and report steps (sampling, model upscaling). */
const HEAVY = new Set([
  'KSampler',
  'KSamplerAdvanced',
  'SamplerCustom',
  'SamplerCustomAdvanced',
  'ImageUpscaleWithModel',
]);
/** Share of the bar for the heavy nodes; loading, encoding and saving share the rest. */
const HEAVY_SHARE = 85;

/**
 * Maps ComfyUI's per-node messages onto one 0–99 bar for the whole graph (100 is reported once the
 * images are fetched). A node counts as done when the next one starts; cached nodes are done at once.
 */
export class GraphProgress {
  private readonly weights = new Map<string, number>();
  private readonly done = new Set<string>();
  private current: string | undefined;
  private partial = 0;

  constructor(graph: Graph) {
    const ids = Object.keys(graph);
    const heavy = ids.filter((id) => HEAVY.has(graph[id]!.class_type));
    const light = ids.length - heavy.length;
    const heavyShare = heavy.length === 0 ? 0 : light === 0 ? 100 : HEAVY_SHARE;
    for (const id of ids) {
      const isHeavy = HEAVY.has(graph[id]!.class_type);
      this.weights.set(id, isHeavy ? heavyShare / heavy.length : (100 - heavyShare) / light);
    }
  }

  cached(nodes: unknown): number {
    if (Array.isArray(nodes)) for (const id of nodes) if (typeof id === 'string') this.done.add(id);
    return this.percent;
  }

  executing(node: string): number {
    if (this.current && this.current !== node) this.done.add(this.current);
    this.current = node;
    this.partial = 0;
    return this.percent;
  }

  progress(node: unknown, value: unknown, max: unknown): number {
    if (typeof node === 'string' && node !== this.current) this.executing(node);
    if (typeof value === 'number' && typeof max === 'number' && max > 0) {
      this.partial = Math.min(1, Math.max(0, value / max));
    }
    return this.percent;
  }

  get percent(): number {
    let sum = 0;
    for (const id of this.done) sum += this.weights.get(id) ?? 0;
    if (this.current && !this.done.has(this.current)) sum += (this.weights.get(this.current) ?? 0) * this.partial;
    return Math.min(99, Math.floor(sum));
  }
}
