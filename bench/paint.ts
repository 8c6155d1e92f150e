// Painting on a 4096 × 4096 base image in the step-editing page: the time each frame takes while a
// 200-point brush stroke is drawn, in Chromium, with the product started as users start it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { launchChromium, loggedInContext, startServer } from './browser.ts';

export const SIZE = 4096;
export const STROKE_POINTS = 200;
export const FRAME_GOAL_MS = 16;

/** A picture with large flat areas and gradients, like a rendering: 4096² but well under the 5 MB limit. */
async function baseImage(file: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8fb8de"/><stop offset="1" stop-color="#f2e6d0"/></linearGradient></defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#sky)"/>
    <rect y="3000" width="${SIZE}" height="1096" fill="#6b8f4e"/>
    <rect x="900" y="1500" width="2300" height="1500" fill="#d9d4c7"/>
    <polygon points="800,1520 2048,700 3300,1520" fill="#8a5a44"/>
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
}

/**
 * Records every frame from now on: its start (the frame's time, as requestAnimationFrame receives it) and
 * the moment its main-thread work is over (a message posted from the frame runs after the rendering steps:
 * input handlers, animation callbacks such as Konva's redraw, style, layout and paint). A frame longer than
 * ~16.7 ms is one the display misses. Plain script text: the TypeScript runner would otherwise wrap the
 * functions in a helper the page does not have.
 */
const RECORD_FRAMES = `
  window.benchFrames = [];
  window.benchRecording = true;
  function benchFrame(start) {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => window.benchFrames.push({ start, end: performance.now() });
    channel.port2.postMessage(null);
    if (window.benchRecording) requestAnimationFrame(benchFrame);
  }
  requestAnimationFrame(benchFrame);
`;
const STOP_RECORDING = `
  window.benchRecording = false;
  new Promise((resolve) => setTimeout(() => resolve(window.benchFrames), 100));
`;

const recordFrames = (page: Page) => page.evaluate(RECORD_FRAMES);
const stopRecording = (page: Page) => page.evaluate(STOP_RECORDING) as Promise<{ start: number; end: number }[]>;

/** A brush stroke of `points` pointer moves along a wave across the middle of the canvas. */
async function stroke(page: Page, box: { x: number; y: number; width: number; height: number }, points: number) {
  const at = (i: number): [number, number] => [
    box.x + box.width * (0.15 + (0.7 * i) / points),
    box.y + box.height * (0.5 + 0.3 * Math.sin((i / points) * Math.PI * 4)),
  ];
  await page.mouse.move(...at(0));
  await page.mouse.down();
  for (let i = 1; i <= points; i++) await page.mouse.move(...at(i));
  await page.mouse.up();
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

export interface StrokeFrames {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  /** Frames whose interval from the previous one shows a missed display refresh (> 1.5 × 16.7 ms). */
  missed: number;
}

/** Strokes measured: on a shared machine one stroke can land on a burst of other work, so the median counts. */
export const STROKES = 3;

function summarise(frames: { start: number; end: number }[]): StrokeFrames {
  const durations = frames.map((f) => f.end - f.start);
  let missed = 0;
  for (let i = 1; i < frames.length; i++) if (frames[i]!.start - frames[i - 1]!.start > 25) missed++;
  return {
    frames: frames.length,
    p50: pct(durations, 50),
    p95: pct(durations, 95),
    max: Math.max(...durations),
    missed,
  };
}

export async function paintStrokes(): Promise<{ strokes: StrokeFrames[]; medianP95: number }> {
  const server = await startServer();
  const browser = await launchChromium();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turing-bench-paint-'));
  try {
    const file = path.join(dir, 'base-4096.png');
    await baseImage(file);
    const context = await loggedInContext(browser, server, { guideSeen: true });
    const page = await context.newPage();
    await page.goto(`${server.origin}/#/design/step-editing`);
    await page.getByTestId('slot-base').locator('input[type="file"]').first().setInputFiles(file);
    const canvas = page.locator('[data-mask-canvas]');
    await canvas.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 60_000 });
    const box = (await canvas.boundingBox())!;

    // A first stroke warms the code up; each measured one then also pays for freezing the committed mask.
    await stroke(page, box, 40);
    const strokes: StrokeFrames[] = [];
    for (let n = 0; n < STROKES; n++) {
      await page.waitForTimeout(500);
      await recordFrames(page);
      await page.waitForTimeout(200);
      const start = (await page.evaluate('performance.now()')) as number;
      await stroke(page, box, STROKE_POINTS);
      const end = (await page.evaluate('performance.now()')) as number;
      strokes.push(summarise((await stopRecording(page)).filter((f) => f.start >= start && f.start <= end)));
    }
    const medianP95 = [...strokes.map((s) => s.p95)].sort((a, b) => a - b)[Math.floor(STROKES / 2)]!;
    return { strokes, medianP95 };
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const describeStroke = (s: StrokeFrames) =>
  `${s.frames} frames, p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms, ${s.missed} missed refreshes`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { strokes, medianP95 } = await paintStrokes();
  strokes.forEach((s, i) => console.log(`stroke ${i + 1}: ${describeStroke(s)}`));
  console.log(
    `${STROKE_POINTS}-point brush strokes on a ${SIZE}² image: frame time p95 ${medianP95.toFixed(1)} ms (median of ${STROKES}; goal ≤ ${FRAME_GOAL_MS})`,
  );
}
