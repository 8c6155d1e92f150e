import { z } from 'zod';
import { designEndpoints } from './design.endpoints.ts';
import {
  modelList,
  tagList,
  tagsQuery,
  wordPackage,
  wordPackageBody,
  wordPackageIdBody,
  wordPackageUpdateBody,
} from './design.catalogue.ts';
import {
  balance,
  costPreview,
  lineArtBody,
  task,
  taskIdQuery,
  taskListQuery,
  taskPage,
  taskParams,
} from './design.tasks.ts';
import { improvePromptRoute } from './design.prompt.ts';
import { route } from './route.ts';
import { uploadedImage } from './upload.ts';

// The studio's routes. Their schemas are by topic: design.tasks.ts (tasks and their cost) and
// design.catalogue.ts (tags, models, word packages).

export const designRoutes = {
  submit: route({
    ...designEndpoints.submit,
    body: taskParams,
    response: task,
    summary: 'Submits a generation task; its cost is charged at once (refunded if it times out or is lost)',
  }),
  get: route({ ...designEndpoints.get, query: taskIdQuery, response: task, summary: 'One task of the user' }),
  list: route({
    ...designEndpoints.list,
    query: taskListQuery,
    response: taskPage,
    summary: "The user's tasks, newest first, keyset-paged",
  }),
  cancel: route({
    ...designEndpoints.cancel,
    body: z.object({ id: z.uuid('TASK_NOT_FOUND') }).strict(),
    response: task,
    summary: 'Cancels a queued task (always) or a running one (when the engine can); cubes are refunded',
  }),
  cost: route({
    ...designEndpoints.cost,
    body: taskParams,
    response: costPreview,
    summary: 'What submitting these parameters would cost, and whether the balance or a time plan covers it',
  }),
  tags: route({
    ...designEndpoints.tags,
    query: tagsQuery,
    response: tagList,
    summary: 'Style, material and function tags for a design type, with labels in both languages',
  }),
  models: route({
    ...designEndpoints.models,
    response: modelList,
    summary:
      'The models a user may pick: names, engine, price by quality, what each can do and whether this server runs it',
  }),
  wordPackages: route({
    ...designEndpoints.wordPackages,
    response: z.object({ recommended: z.array(wordPackage), own: z.array(wordPackage) }),
    summary: 'Recommended word packages and the user’s own',
  }),
  wordPackageCreate: route({
    ...designEndpoints.wordPackageCreate,
    body: wordPackageBody,
    response: wordPackage,
    summary: 'Creates a custom word package',
  }),
  wordPackageUpdate: route({
    ...designEndpoints.wordPackageUpdate,
    body: wordPackageUpdateBody,
    response: wordPackage,
    summary: 'Changes one of the user’s word packages',
  }),
  wordPackageDelete: route({
    ...designEndpoints.wordPackageDelete,
    body: wordPackageIdBody,
    response: z.null(),
    summary: 'Deletes one of the user’s word packages',
  }),
  lineArt: route({
    ...designEndpoints.lineArt,
    body: lineArtBody,
    response: uploadedImage,
    summary: 'Extracts line art (edges) from an uploaded base image into a new line-art image',
  }),
  balance: route({ ...designEndpoints.balance, response: balance, summary: 'Cubes and time-plan end of the user' }),
  improvePrompt: improvePromptRoute,
};
