import type { Graph } from '../../src/generation/engines/comfyui/comfy-types.ts';
import { MODEL_COMBOS, inputSpecs, type FakeModels } from './fake-comfy-nodes.ts';
import { isLink } from '../../src/generation/engines/comfyui/workflow-graph.ts';

interface NodeError {
  type: string;
  message: string;
  details: string;
  extra_info: Record<string, unknown>;
}

export type Validation = { ok: true; outputs: string[] } | { ok: false; status: 400; body: Record<string, unknown> };

const error = (type: string, message: string, details = ''): NodeError => ({ type, message, details, extra_info: {} });

/**
 * execution.validate_inputs for the literal inputs: a required input absent (`required_input_missing`),
 * a FLOAT or INT outside its declared range (`value_smaller_than_min` / `value_bigger_than_max`) and
 * a value not among a combo's options (`value_not_in_list`). Model files and image uploads are
 * checked apart (the server's own lists, LoadImage's custom validation).
 */
function inputErrors(classType: string, inputs: Record<string, unknown>, models: FakeModels): NodeError[] {
  const spec = inputSpecs(models, classType);
  if (!spec) return [];
  const errors: NodeError[] = [];
  for (const name of Object.keys(spec.required)) {
    if (!(name in inputs)) errors.push(error('required_input_missing', 'Required input is missing', name));
  }
  for (const [name, info] of Object.entries({ ...spec.required, ...spec.optional })) {
    const value = inputs[name];
    if (value === undefined || isLink(value) || MODEL_COMBOS[classType]?.input === name) continue;
    const [type, options] = info as [unknown, { min?: number; max?: number }];
    if ((type === 'FLOAT' || type === 'INT') && typeof value === 'number') {
      if (options.min !== undefined && value < options.min)
        errors.push(error('value_smaller_than_min', `Value ${value} smaller than min of ${options.min}`, name));
      else if (options.max !== undefined && value > options.max)
        errors.push(error('value_bigger_than_max', `Value ${value} bigger than max of ${options.max}`, name));
    }
    if (Array.isArray(type) && type.length > 0 && !type.includes(value)) {
      const list = type.length > 20 ? `(list of length ${type.length})` : JSON.stringify(type);
      errors.push(error('value_not_in_list', 'Value not in list', `${name}: '${String(value)}' not in ${list}`));
    }
  }
  return errors;
}

/** execution.validate_prompt, reduced to the checks a client can trip: classes, outputs, inputs, combos, files, links. */
export function validatePrompt(
  prompt: unknown,
  known: Set<string>,
  models: FakeModels,
  inputs: Set<string>,
): Validation {
  if (!prompt || typeof prompt !== 'object') {
    return { ok: false, status: 400, body: { error: error('no_prompt', 'No prompt provided'), node_errors: {} } };
  }
  const graph = prompt as Graph;
  for (const [id, node] of Object.entries(graph)) {
    if (!known.has(node.class_type)) {
      const message = `Cannot execute because node ${node.class_type} does not exist.`;
      return {
        ok: false,
        status: 400,
        body: { error: error('invalid_prompt', message, `Node ID '#${id}'`), node_errors: {} },
      };
    }
  }
  const outputs = Object.keys(graph).filter((id) => graph[id]!.class_type === 'SaveImage');
  if (outputs.length === 0) {
    return {
      ok: false,
      status: 400,
      body: { error: error('prompt_no_outputs', 'Prompt has no outputs'), node_errors: {} },
    };
  }
  const nodeErrors: Record<string, unknown> = {};
  for (const [id, node] of Object.entries(graph)) {
    const errors: NodeError[] = inputErrors(node.class_type, node.inputs, models);
    const combo = MODEL_COMBOS[node.class_type];
    if (combo) {
      const value = node.inputs[combo.input];
      const list = models[combo.list];
      if (typeof value !== 'string' || !list.includes(value)) {
        errors.push(
          error(
            'value_not_in_list',
            'Value not in list',
            `${combo.input}: '${String(value)}' not in ${JSON.stringify(list)}`,
          ),
        );
      }
    }
    if (node.class_type === 'LoadImage' || node.class_type === 'LoadImageMask') {
      const image = String(node.inputs.image);
      if (!inputs.has(image))
        errors.push(
          error(
            'custom_validation_failed',
            'Custom validation failed for node',
            `image - Invalid image file: ${image}`,
          ),
        );
    }
    for (const [key, value] of Object.entries(node.inputs)) {
      if (isLink(value) && !graph[value[0]])
        errors.push(error('required_input_missing', 'Required input is missing', key));
    }
    if (errors.length > 0) nodeErrors[id] = { errors, dependent_outputs: outputs, class_type: node.class_type };
  }
  if (Object.keys(nodeErrors).length > 0) {
    const head = error('prompt_outputs_failed_validation', 'Prompt outputs failed validation');
    return { ok: false, status: 400, body: { error: head, node_errors: nodeErrors } };
  }
  return { ok: true, outputs };
}

/** Nodes in an order where every input is computed first, as the executor walks them. */
export function executionOrder(graph: Graph): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string): void => {
    if (seen.has(id) || !graph[id]) return;
    seen.add(id);
    for (const value of Object.values(graph[id].inputs)) if (isLink(value)) visit(value[0]);
    order.push(id);
  };
  for (const id of Object.keys(graph)) if (graph[id]!.class_type === 'SaveImage') visit(id);
  return order;
}

/** How many images the graph's batch makes: the latent or image batch size, else one. */
export function batchSize(graph: Graph): number {
  for (const node of Object.values(graph)) {
    if (node.class_type === 'EmptyLatentImage') return Number(node.inputs.batch_size) || 1;
    if (node.class_type === 'RepeatLatentBatch' || node.class_type === 'RepeatImageBatch')
      return Number(node.inputs.amount) || 1;
  }
  return 1;
}
