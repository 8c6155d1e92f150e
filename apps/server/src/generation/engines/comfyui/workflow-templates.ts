import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Graph } from './comfy-types.ts';
import { bypassNode, findNode, graphProblems, pruneUnreachable } from './workflow-graph.ts';

export type TemplateName = 'txt2img' | 'img2img' | 'inpaint' | 'upscale';
export type Templates = Record<TemplateName, Graph>;

export const BUNDLED_WORKFLOWS_DIR = path.join(import.meta.dirname, 'workflows');

/**
 * The roles the mapping fills: a node titled like this, or else the only node of the class.
 * Positive and negative prompts share a class, so they are found by title only.
 */
const ROLES = {
  checkpoint: ['Checkpoint', 'CheckpointLoaderSimple'],
  positive: ['Positive'],
  negative: ['Negative'],
  latent: ['Latent', 'EmptyLatentImage'],
  sampler: ['Sampler', 'KSampler'],
  save: ['Save', 'SaveImage'],
  base: ['Base image'],
  baseResize: ['Base resize'],
  reference: ['Reference image'],
  referenceResize: ['Reference resize'],
  referenceBlend: ['Reference blend', 'LatentBlend'],
  ipadapter: ['IP-Adapter', 'IPAdapterAdvanced'],
  ipadapterModel: ['IP-Adapter model', 'IPAdapterModelLoader'],
  clipVision: ['CLIP vision', 'CLIPVisionLoader'],
  batch: ['Batch', 'RepeatLatentBatch'],
  originalBatch: ['Original batch', 'RepeatImageBatch'],
  mask: ['Mask', 'LoadImageMask'],
  depthImage: ['Depth image'],
  depthModel: ['Depth ControlNet model'],
  depthApply: ['Depth ControlNet'],
  lineArtImage: ['Line-art image'],
  lineArtModel: ['Line-art ControlNet model'],
  lineArtApply: ['Line-art ControlNet'],
  upscaleModel: ['Upscale model', 'UpscaleModelLoader'],
  resize: ['Resize'],
} as const satisfies Record<string, readonly [string, string?]>;

export type Role = keyof typeof ROLES;

/** Roles without which a template cannot do its job; the others are filled when present. */
const REQUIRED: Record<TemplateName, Role[]> = {
  txt2img: ['checkpoint', 'positive', 'negative', 'latent', 'sampler', 'save'],
  img2img: ['checkpoint', 'positive', 'negative', 'base', 'sampler', 'save'],
  inpaint: ['checkpoint', 'positive', 'negative', 'base', 'mask', 'sampler', 'save'],
  upscale: ['base', 'upscaleModel', 'resize', 'save'],
};

/**
 * With an IP-Adapter model set (COMFYUI_IPADAPTER_MODEL), the templates that can take a reference
 * must have the IP-Adapter branch the reference conditions the model through.
 */
const IPADAPTER_REQUIRED: Partial<Record<TemplateName, Role[]>> = {
  txt2img: ['reference', 'ipadapter'],
  img2img: ['reference', 'ipadapter'],
  inpaint: ['reference', 'ipadapter'],
};

export function roleNode(graph: Graph, role: Role): string | undefined {
  const [title, classType] = ROLES[role] as readonly [string, string?];
  return findNode(graph, title, classType);
}

/**
 * Reads the four templates once at start: an operator's file of the same name in `workflowsDir`
 * replaces the bundled one. A broken template fails the start instead of every task.
 *
 * `ipadapter`: whether a reference goes through the templates' IP-Adapter branch (a model file is
 * set). Without it the branch is taken out here, so its node classes (ComfyUI_IPAdapter_plus, a
 * custom node pack) are neither sent nor asked of the servers; with it, a template lacking the
 * branch fails the start.
 */
export function loadTemplates(workflowsDir?: string, options: { ipadapter?: boolean } = {}): Templates {
  const names: TemplateName[] = ['txt2img', 'img2img', 'inpaint', 'upscale'];
  const entries = names.map((name) => {
    const own = workflowsDir ? path.join(workflowsDir, `${name}.json`) : undefined;
    const file = own && existsSync(own) ? own : path.join(BUNDLED_WORKFLOWS_DIR, `${name}.json`);
    let graph: unknown;
    try {
      graph = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`ComfyUI workflow ${file} cannot be read: ${(err as Error).message}`, { cause: err });
    }
    const problems = graphProblems(graph);
    if (problems.length === 0) {
      const required = [...REQUIRED[name], ...(options.ipadapter ? (IPADAPTER_REQUIRED[name] ?? []) : [])];
      for (const role of required) {
        if (!roleNode(graph as Graph, role)) problems.push(`no node titled "${ROLES[role][0]}"`);
      }
    }
    if (problems.length > 0) throw new Error(`ComfyUI workflow ${file}: ${problems.join('; ')}`);
    if (!options.ipadapter) withoutIpAdapter(graph as Graph);
    return [name, graph as Graph] as const;
  });
  return Object.fromEntries(entries) as Templates;
}

/** Takes the IP-Adapter branch out of a template: the sampler gets the model it would have adapted. */
function withoutIpAdapter(graph: Graph): void {
  const id = roleNode(graph, 'ipadapter');
  if (!id) return;
  bypassNode(graph, id);
  pruneUnreachable(graph);
}

/** Every node class the templates use, for the start-up and health check against /object_info. */
export function templateClasses(templates: Templates): string[] {
  const classes = new Set<string>();
  for (const graph of Object.values(templates)) for (const node of Object.values(graph)) classes.add(node.class_type);
  return [...classes].sort();
}
