import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Graph } from './comfy-types.ts';
import { MODELS, makeTask } from '../../../../test-support/comfyui/comfy-test-kit.ts';
import { buildWorkflow, chooseTemplate, promptIdFor } from './workflow-mapping.ts';
import { BUNDLED_WORKFLOWS_DIR, loadTemplates } from './workflow-templates.ts';

const templates = loadTemplates();
const img = Buffer.from('x');
const classes = (graph: Graph) => Object.values(graph).map((n) => n.class_type);
const node = (graph: Graph, classType: string) => Object.values(graph).find((n) => n.class_type === classType)!;

describe('workflow mapping', () => {
  it('fills a text task and leaves out the ControlNet branches without images', () => {
    const task = makeTask({ count: 4, quality: 'HD', textWeight: 1, seed: 7, model: 'architecture-beta' });
    const graph = buildWorkflow(templates, task, MODELS, {}, task.id);

    expect(classes(graph)).not.toContain('ControlNetApplyAdvanced');
    expect(classes(graph)).not.toContain('LoadImage');
    expect(node(graph, 'EmptyLatentImage').inputs).toMatchObject({ width: 512, height: 384, batch_size: 4 });
    expect(node(graph, 'KSampler').inputs).toMatchObject({ seed: 7, steps: 28, cfg: 9, denoise: 1 });
    expect(node(graph, 'KSampler').inputs.positive).toEqual(['2', 0]);
    expect(node(graph, 'CheckpointLoaderSimple').inputs.ckpt_name).toBe(MODELS.checkpointBeta);
    expect(node(graph, 'SaveImage').inputs.filename_prefix).toBe(`turing/${task.id}`);
  });

  it('keeps only the ControlNet branch whose image is given, at the control strength', () => {
    const task = makeTask({ controlStrength: 0.35, images: { lineArt: img } });
    const graph = buildWorkflow(templates, task, MODELS, { lineArt: 'turing/l.png' }, task.id);

    const apply = Object.values(graph).filter((n) => n.class_type === 'ControlNetApplyAdvanced');
    expect(apply).toHaveLength(1);
    expect(apply[0]!.inputs).toMatchObject({ strength: 0.35, positive: ['2', 0], negative: ['3', 0] });
    expect(node(graph, 'ControlNetLoader').inputs.control_net_name).toBe(MODELS.controlnetLineArt);
  });

  it('starts a text task with a reference from the reference latent, keeping up to half of it', () => {
    const task = makeTask({ imageWeight: 1, images: { reference: img } });
    expect(chooseTemplate(task)).toBe('img2img');
    const graph = buildWorkflow(templates, task, MODELS, { reference: 'turing/r.png' }, task.id);

    expect(node(graph, 'LoadImage').inputs.image).toBe('turing/r.png');
    expect(classes(graph)).not.toContain('LatentBlend');
    expect(node(graph, 'KSampler').inputs.denoise).toBe(0.5);
  });

  it('derives denoise from the image weight and blends a reference into an iteration', () => {
    const task = makeTask({ mode: 'iterate', imageWeight: 1, count: 3, images: { base: img, reference: img } });
    const names = { base: 'turing/b.png', reference: 'turing/r.png' };
    const heavy = buildWorkflow(templates, task, MODELS, names, task.id);
    const light = buildWorkflow(templates, { ...task, imageWeight: 0 }, MODELS, names, task.id);

    expect(node(heavy, 'KSampler').inputs.denoise).toBeLessThan(node(light, 'KSampler').inputs.denoise as number);
    expect(node(heavy, 'LatentBlend').inputs.blend_factor).toBe(0.7);
    expect(node(heavy, 'RepeatLatentBatch').inputs.amount).toBe(3);
  });

  it('varies the prompt id and graph per attempt', () => {
    const task = makeTask();
    const retry = { ...task, attempt: 2 };
    expect(promptIdFor(task)).toBe(task.id);
    expect(promptIdFor(retry)).not.toBe(task.id);
    const a = buildWorkflow(templates, task, MODELS, {}, promptIdFor(task));
    const b = buildWorkflow(templates, retry, MODELS, {}, promptIdFor(retry));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
  });
});

describe('workflow templates', () => {
  it('takes an operator template of the same name and finds its nodes by title', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wf-'));
    // Different ids and an extra node: the mapping goes by titles, not by the bundled ids.
    const own: Graph = {
      a: { class_type: 'LoadImage', inputs: { image: 'x.png' }, _meta: { title: 'Base image' } },
      b: { class_type: 'UpscaleModelLoader', inputs: { model_name: 'x' } },
      c: { class_type: 'ImageUpscaleWithModel', inputs: { upscale_model: ['b', 0], image: ['a', 0] } },
      d: {
        class_type: 'ImageScale',
        inputs: { image: ['c', 0], upscale_method: 'bicubic', width: 1, height: 1, crop: 'disabled' },
        _meta: { title: 'Resize' },
      },
      e: { class_type: 'SaveImage', inputs: { images: ['d', 0], filename_prefix: 'x' } },
    };
    writeFileSync(path.join(dir, 'upscale.json'), JSON.stringify(own));

    const loaded = loadTemplates(dir);
    const task = makeTask({ mode: 'upscale', upscale: 4, width: 64, height: 48, images: { base: img } });
    const graph = buildWorkflow(loaded, task, MODELS, { base: 'turing/b.png' }, task.id);

    expect(graph.d!.inputs).toMatchObject({ width: 64, height: 48, upscale_method: 'bicubic' });
    expect(graph.b!.inputs.model_name).toBe(MODELS.upscaleModel);
    expect(graph.a!.inputs.image).toBe('turing/b.png');
    expect(loaded.txt2img).toEqual(loadTemplates(BUNDLED_WORKFLOWS_DIR).txt2img);
  });

  it('refuses at start a template missing a node the mapping needs', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wf-'));
    const broken = JSON.parse(JSON.stringify(templates.txt2img)) as Graph;
    delete broken['2']!._meta;
    writeFileSync(path.join(dir, 'txt2img.json'), JSON.stringify(broken));

    expect(() => loadTemplates(dir)).toThrow(/txt2img.json: no node titled "Positive"/);
  });
});
