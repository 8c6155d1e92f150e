import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Graph } from './comfy-types.ts';
import { buildWorkflow, chooseTemplate } from './workflow-mapping.ts';
import { loadTemplates, templateClasses } from './workflow-templates.ts';
import { IPADAPTER_CLASSES } from '../../../../test-support/comfyui/fake-comfy-nodes.ts';
import {
  IPADAPTER_MODELS,
  MODELS,
  cleanup,
  makeContext,
  makeTask,
  nodesOf,
  png,
  postedGraph,
  startEngine,
  startFake,
} from '../../../../test-support/comfyui/comfy-test-kit.ts';

afterEach(cleanup);

const img = Buffer.from('x');
const withIpAdapter = loadTemplates(undefined, { ipadapter: true });
const classes = (graph: Graph) => Object.values(graph).map((n) => n.class_type);
const node = (graph: Graph, classType: string) => Object.values(graph).find((n) => n.class_type === classType)!;
const idOf = (graph: Graph, classType: string) => Object.keys(graph).find((id) => graph[id]!.class_type === classType)!;

describe('ComfyUI reference through IP-Adapter (COMFYUI_IPADAPTER_MODEL)', () => {
  it('conditions a text task on the reference: txt2img from noise, the sampler on the adapted model', () => {
    const task = makeTask({ imageWeight: 0.7, images: { reference: img } });
    expect(chooseTemplate(task, IPADAPTER_MODELS)).toBe('txt2img');
    const graph = buildWorkflow(withIpAdapter, task, IPADAPTER_MODELS, { reference: 'turing/r.png' }, task.id);

    const ipa = idOf(graph, 'IPAdapterAdvanced');
    const checkpoint = idOf(graph, 'CheckpointLoaderSimple');
    const reference = idOf(graph, 'LoadImage');
    expect(node(graph, 'KSampler').inputs).toMatchObject({ model: [ipa, 0], denoise: 1 });
    expect(node(graph, 'EmptyLatentImage').inputs).toMatchObject({ width: 512, height: 384 });
    expect(graph[reference]!.inputs.image).toBe('turing/r.png');
    expect(graph[ipa]!.inputs).toEqual({
      model: [checkpoint, 0],
      ipadapter: [idOf(graph, 'IPAdapterModelLoader'), 0],
      image: [reference, 0],
      clip_vision: [idOf(graph, 'CLIPVisionLoader'), 0],
      weight: 0.7,
      weight_type: 'style transfer',
      combine_embeds: 'concat',
      start_at: 0,
      end_at: 1,
      embeds_scaling: 'V only',
    });
    expect(node(graph, 'IPAdapterModelLoader').inputs).toEqual({ ipadapter_file: IPADAPTER_MODELS.ipadapter });
    expect(node(graph, 'CLIPVisionLoader').inputs).toEqual({ clip_name: IPADAPTER_MODELS.clipVision });
    expect(classes(graph)).not.toContain('VAEEncode');
  });

  it('iterates and edits from the base, the reference through IP-Adapter instead of the latent blend', () => {
    const names = { base: 'turing/b.png', reference: 'turing/r.png', mask: 'turing/m.png' };
    for (const mode of ['iterate', 'edit'] as const) {
      const images = { base: img, reference: img, ...(mode === 'edit' && { mask: img }) };
      const task = makeTask({ mode, imageWeight: 0.4, images });
      const graph = buildWorkflow(withIpAdapter, task, IPADAPTER_MODELS, names, task.id);

      expect(classes(graph)).not.toContain('LatentBlend');
      expect(node(graph, 'IPAdapterAdvanced').inputs.weight).toBe(0.4);
      expect(node(graph, 'KSampler').inputs.model).toEqual([idOf(graph, 'IPAdapterAdvanced'), 0]);
      const loads = nodesOf(graph, 'LoadImage').map((n) => n.inputs.image);
      expect(loads).toEqual(expect.arrayContaining(['turing/b.png', 'turing/r.png']));
    }
  });

  it('leaves the branch out of a task without a reference', () => {
    const task = makeTask();
    const graph = buildWorkflow(withIpAdapter, task, IPADAPTER_MODELS, {}, task.id);

    expect(classes(graph)).not.toContain('IPAdapterAdvanced');
    expect(classes(graph)).not.toContain('CLIPVisionLoader');
    expect(node(graph, 'KSampler').inputs.model).toEqual([idOf(graph, 'CheckpointLoaderSimple'), 0]);
  });

  it('without the setting keeps the branch out of the templates and of what servers must have', () => {
    const plain = loadTemplates();
    expect(templateClasses(plain)).not.toContain('IPAdapterAdvanced');
    expect(templateClasses(plain)).not.toContain('CLIPVisionLoader');
    expect(templateClasses(withIpAdapter)).toEqual(
      expect.arrayContaining(['IPAdapterAdvanced', 'IPAdapterModelLoader', 'CLIPVisionLoader']),
    );
    // As before: the reference is the starting image of a text task.
    const task = makeTask({ images: { reference: img } });
    expect(chooseTemplate(task, MODELS)).toBe('img2img');
    const graph = buildWorkflow(plain, task, MODELS, { reference: 'turing/r.png' }, task.id);
    expect(node(graph, 'LoadImage').inputs.image).toBe('turing/r.png');
    expect(classes(graph)).not.toContain('IPAdapterAdvanced');
  });

  it('refuses at start an operator template without the IP-Adapter branch when the setting is on', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wf-'));
    writeFileSync(path.join(dir, 'img2img.json'), JSON.stringify(loadTemplates().img2img));

    expect(() => loadTemplates(dir)).not.toThrow();
    expect(() => loadTemplates(dir, { ipadapter: true })).toThrow(/img2img.json: no node titled "IP-Adapter"/);
  });
});

describe('ComfyUI engine with IP-Adapter against a server', () => {
  it('sends a text task with a reference as a graph the server validates and runs', async () => {
    const fake = await startFake();
    const engine = startEngine([fake.url], { models: IPADAPTER_MODELS });
    const task = makeTask({ imageWeight: 0.6, images: { reference: await png(64, 48, 200) } });

    const result = await engine.run(task, makeContext());

    expect(result.images).toHaveLength(2);
    const graph = postedGraph(fake, task.id);
    const [load] = nodesOf(graph, 'LoadImage');
    expect(load!.inputs.image).toMatch(/^turing\/.*reference/);
    expect(nodesOf(graph, 'IPAdapterAdvanced')[0]!.inputs).toMatchObject({
      weight: 0.6,
      weight_type: 'style transfer',
    });
    expect(nodesOf(graph, 'EmptyLatentImage')[0]!.inputs).toMatchObject({ batch_size: 2 });
  });

  it('keeps the tasks off a server without the IP-Adapter nodes, which would refuse the graph', async () => {
    const stock = await startFake({ missingNodes: IPADAPTER_CLASSES });
    const equipped = await startFake();
    const engine = startEngine([stock.url, equipped.url], { models: IPADAPTER_MODELS });

    const task = makeTask({ images: { reference: await png() } });
    expect((await engine.run(task, makeContext())).server).toBe(equipped.url);
    expect(stock.bodiesOf('POST /prompt')).toHaveLength(0);
    const health = await engine.health();
    expect(health.servers).toContainEqual(expect.objectContaining({ url: stock.url, state: 'draining' }));
    expect(health.detail).toMatch(/IPAdapterAdvanced/);

    // Sent anyway, the graph meets the error ComfyUI answers for a node class it does not have.
    const graph = postedGraph(equipped, task.id);
    const res = await fetch(`${stock.url}/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: graph, client_id: 'x' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { type: string; message: string }; node_errors: object };
    expect(body.error.type).toBe('invalid_prompt');
    expect(body.error.message).toMatch(/^Cannot execute because node IPAdapter\w+ does not exist\.$/);
  });

  it('is refused by the server, as ComfyUI refuses it, for a weight type or weight the pack does not declare', async () => {
    const fake = await startFake();
    const task = makeTask({ images: { reference: img } });
    const graph = buildWorkflow(withIpAdapter, task, IPADAPTER_MODELS, { reference: 'turing/r.png' }, task.id);
    Object.assign(node(graph, 'IPAdapterAdvanced').inputs, { weight: 6, weight_type: 'stylish' });
    delete node(graph, 'IPAdapterAdvanced').inputs.embeds_scaling;

    const res = await fetch(`${fake.url}/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: graph }),
    });

    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { type: string }; node_errors: Record<string, { errors: object[] }> };
    expect(body.error.type).toBe('prompt_outputs_failed_validation');
    expect(body.node_errors[idOf(graph, 'IPAdapterAdvanced')]!.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'required_input_missing', details: 'embeds_scaling' }),
        expect.objectContaining({ type: 'value_bigger_than_max', message: 'Value 6 bigger than max of 5' }),
        expect.objectContaining({
          type: 'value_not_in_list',
          details: expect.stringMatching(/^weight_type: 'stylish'/),
        }),
      ]),
    );
  });
});
