import type { Graph, NodeLink } from './comfy-types.ts';

/** Nodes whose outputs pass one of their inputs through when the node is left out (by output index). */
const PASS_THROUGH: Record<string, string[]> = {
  ControlNetApplyAdvanced: ['positive', 'negative'],
  ControlNetApply: ['conditioning'],
  LatentBlend: ['samples1'],
  // ComfyUI_IPAdapter_plus: the adapted model is the model it was given, when the branch is left out.
  IPAdapterAdvanced: ['model'],
  IPAdapter: ['model'],
};

/** ComfyUI's output nodes among the built-in ones our templates may use. */
const OUTPUT_CLASSES = new Set(['SaveImage']);

export function isLink(value: unknown): value is NodeLink {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'number';
}

export function cloneGraph(graph: Graph): Graph {
  return structuredClone(graph);
}

/**
 * Finds a node by its `_meta.title` (what an operator sees and can set in ComfyUI's editor), and
 * failing that by class when the graph has exactly one node of that class.
 */
export function findNode(graph: Graph, title: string, classType?: string): string | undefined {
  const entries = Object.entries(graph);
  const byTitle = entries.find(([, node]) => node._meta?.title === title);
  if (byTitle) return byTitle[0];
  if (!classType) return undefined;
  const byClass = entries.filter(([, node]) => node.class_type === classType);
  return byClass.length === 1 ? byClass[0]![0] : undefined;
}

/** Leaves a node out, wiring its consumers to the input it would have passed through. */
export function bypassNode(graph: Graph, id: string): void {
  const node = graph[id];
  if (!node) return;
  const through = PASS_THROUGH[node.class_type];
  if (!through) throw new Error(`cannot leave out node ${id} (${node.class_type})`);
  for (const other of Object.values(graph)) {
    for (const [key, value] of Object.entries(other.inputs)) {
      if (!isLink(value) || value[0] !== id) continue;
      const source = node.inputs[through[value[1]] ?? ''];
      if (!isLink(source)) throw new Error(`node ${id} has no input to pass through for output ${value[1]}`);
      other.inputs[key] = [...source];
    }
  }
  delete graph[id];
}

/** Drops nodes no output node depends on (the loaders and images of a left-out branch). */
export function pruneUnreachable(graph: Graph): void {
  const keep = new Set<string>();
  const visit = (id: string): void => {
    if (keep.has(id) || !graph[id]) return;
    keep.add(id);
    for (const value of Object.values(graph[id].inputs)) if (isLink(value)) visit(value[0]);
  };
  for (const id of outputNodeIds(graph)) visit(id);
  for (const id of Object.keys(graph)) if (!keep.has(id)) delete graph[id];
}

export function outputNodeIds(graph: Graph): string[] {
  return Object.keys(graph).filter((id) => OUTPUT_CLASSES.has(graph[id]!.class_type));
}

/** Checks the shape of an API-format workflow and that every link points at an existing node. */
export function graphProblems(graph: unknown): string[] {
  if (!graph || typeof graph !== 'object' || Array.isArray(graph)) return ['not a JSON object of nodes'];
  const problems: string[] = [];
  for (const [id, node] of Object.entries(graph as Record<string, unknown>)) {
    const n = node as { class_type?: unknown; inputs?: unknown };
    if (typeof n?.class_type !== 'string' || !n.inputs || typeof n.inputs !== 'object') {
      problems.push(`node ${id} needs class_type and inputs (API format, "Export (API)" in ComfyUI)`);
      continue;
    }
    for (const [key, value] of Object.entries(n.inputs)) {
      if (isLink(value) && !(value[0] in (graph as object))) problems.push(`node ${id}.${key} links to missing node`);
    }
  }
  if (problems.length === 0 && outputNodeIds(graph as Graph).length === 0) problems.push('no SaveImage node');
  return problems;
}
