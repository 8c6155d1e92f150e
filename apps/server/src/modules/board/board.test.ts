import zlib from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import {
  boardPagePoints,
  BOARD_ORIENTATIONS,
  BOARD_PAPERS,
  errorMessage,
  type BoardExportBody,
} from '@turing/contract';
import { addMember, makeProject, projectPost } from '../../../test-support/project-helpers.ts';
import { appHeaders, buildTestApp, registerUser, seedUser, type TestApp } from '../../../test-support/test-app.ts';
import { png, upload } from '../../../test-support/upload-helpers.ts';
import { makeResult } from '../../../test-support/works.fixtures.ts';
import { BOARD_EXPORTS_PER_MINUTE } from './board.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const exportBoard = (
  cookie: string,
  body: Partial<BoardExportBody> | Record<string, unknown>,
  locale: 'en' | 'zh' = 'en',
) =>
  t.app.inject({
    method: 'POST',
    url: '/turing/board/export',
    headers: { ...appHeaders(locale), cookie },
    payload: body,
  });

const board = (imageIds: string[], fields: Partial<BoardExportBody> = {}): BoardExportBody => ({
  title: 'Lake pavilion',
  format: 'pdf',
  paper: 'A3',
  orientation: 'landscape',
  dpi: 150,
  layout: 4,
  lang: 'en',
  images: imageIds.map((imageId, i) => ({ imageId, caption: `View ${i + 1}`, group: 'Exterior' })),
  ...fields,
});

/** A user with `count` result images of their own. */
async function userWithImages(count: number) {
  const { user, cookie } = await seedUser(t);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await makeResult(t, user.id, { width: 96, height: 64 })).uploadId);
  return { user, cookie, ids };
}

/** Every font the PDF embeds: its name and whether its file (TrueType outlines) is in the PDF. */
function embeddedFonts(pdf: PDFDocument) {
  const fonts: { name: string; file: boolean }[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    fonts.push({
      name: object.get(PDFName.of('FontName'))!.toString(),
      file: object.get(PDFName.of('FontFile2')) instanceof PDFRef,
    });
  }
  return fonts;
}

/** The text of the PDF's ToUnicode maps: which characters its subset fonts can show (and be copied as). */
function unicodeMaps(pdf: PDFDocument) {
  let text = '';
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    const map = object.get(PDFName.of('ToUnicode'));
    if (!(map instanceof PDFRef)) continue;
    const stream = pdf.context.lookup(map) as PDFRawStream;
    text += zlib.inflateSync(stream.contents).toString('latin1');
  }
  return text.toLowerCase();
}

function unzip(data: Buffer) {
  return new Promise<Map<string, Buffer>>((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('board export as PDF', () => {
  it('makes pages of A3, A2 and A1 in both orientations, named from the title', async () => {
    const { cookie, ids } = await userWithImages(2);
    for (const paper of BOARD_PAPERS) {
      for (const orientation of BOARD_ORIENTATIONS) {
        const res = await exportBoard(cookie, board(ids, { paper, orientation }));
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toMatch(
          /^attachment; filename="lake-pavilion-\d{4}-\d{2}-\d{2}\.pdf"/,
        );
        const pdf = await PDFDocument.load(res.rawPayload);
        expect(pdf.getPageCount()).toBe(1);
        const size = pdf.getPage(0).getSize();
        const expected = boardPagePoints(paper, orientation);
        expect(size.width).toBeCloseTo(expected.width, 1);
        expect(size.height).toBeCloseTo(expected.height, 1);
      }
    }
    // A3 landscape in points, as a printer reads it.
    expect(boardPagePoints('A3', 'landscape').width).toBeCloseTo(1190.55, 1);
  });

  it('sets Chinese titles and captions in an embedded, subset Noto Sans SC', async () => {
    const { cookie, ids } = await userWithImages(3);
    const res = await exportBoard(
      cookie,
      board(ids, {
        title: '湖畔木亭 概念方案',
        subtitle: '第二轮汇报',
        lang: 'zh',
        timeZone: 'Asia/Shanghai',
        images: ids.map((imageId, i) => ({ imageId, caption: `清晨的湖面与木构亭子 ${i + 1}`, group: '客厅' })),
      }),
      'zh',
    );
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(res.headers['content-disposition'] as string)).toMatch(
      /湖畔木亭-概念方案-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const pdf = await PDFDocument.load(res.rawPayload);
    const fonts = embeddedFonts(pdf);
    expect(fonts.map((f) => f.name.replace(/^\/[A-Z]{6}\+/, ''))).toEqual(
      expect.arrayContaining(['NotoSansSC-Medium', 'NotoSansSC-Regular']),
    );
    expect(fonts.every((f) => f.file && /^\/[A-Z]{6}\+/.test(f.name))).toBe(true);
    // The subsets hold the Chinese the board uses (湖 U+6E56, 亭 U+4EAD, 页 U+9875 of "第 1 / 1 页").
    const maps = unicodeMaps(pdf);
    for (const code of ['6e56', '4ead', '9875']) expect(maps).toContain(`<${code}>`);
    // Subset, not the whole 10 MB font: the images here are tiny, so the file is mostly type.
    expect(res.rawPayload.length).toBeLessThan(300_000);
    expect(pdf.getTitle()).toBe('湖畔木亭 概念方案');
  });

  it('puts 12 images at A1 / 300 DPI on two pages of six, streamed without a length', async () => {
    const { cookie, ids } = await userWithImages(12);
    const res = await exportBoard(cookie, board(ids, { paper: 'A1', dpi: 300, layout: 6 }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBeUndefined();
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    const size = pdf.getPage(1).getSize();
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([2384, 1684]);
  });

  it('takes the same image twice, and the caller’s uploads as well as results', async () => {
    const { cookie, ids } = await userWithImages(1);
    const uploaded = await upload(t, cookie, await png(120, 80, '#336699'), 'plan.png', 'base');
    const uploadId = (uploaded.json() as { data: { id: string } }).data.id;
    const res = await exportBoard(cookie, board([ids[0]!, uploadId, ids[0]!], { layout: 1 }));
    expect(res.statusCode).toBe(200);
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(3);
  });
});

describe('board export as PNG', () => {
  it('draws one page at the board’s pixels for 150 and 300 DPI', async () => {
    const { cookie, ids } = await userWithImages(2);
    const cases = [
      { dpi: 150, orientation: 'landscape', size: [2480, 1754] },
      { dpi: 300, orientation: 'portrait', size: [3508, 4961] },
    ] as const;
    for (const { dpi, orientation, size } of cases) {
      const res = await exportBoard(
        cookie,
        board(ids, { format: 'png', dpi, orientation, lang: 'zh', title: '湖畔木亭' }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(decodeURIComponent(res.headers['content-disposition'] as string)).toMatch(
        /湖畔木亭-\d{4}-\d{2}-\d{2}\.png$/,
      );
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', ...size]);
    }
  });

  it('gives a board of several pages as a ZIP of page PNGs', async () => {
    const { cookie, ids } = await userWithImages(3);
    const res = await exportBoard(cookie, board(ids, { format: 'png', layout: 2 }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/filename="lake-pavilion-\d{4}-\d{2}-\d{2}\.zip"/);
    const entries = await unzip(res.rawPayload);
    const names = [...entries.keys()];
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^lake-pavilion-\d{4}-\d{2}-\d{2}-p01\.png$/);
    expect(names[1]).toMatch(/-p02\.png$/);
    for (const page of entries.values()) expect((await sharp(page).metadata()).width).toBe(2480);
  });
});

describe('refusals', () => {
  it('answers 404 for the whole board when one image is another user’s, and draws nothing', async () => {
    const owner = await userWithImages(2);
    const other = await userWithImages(1);
    const res = await exportBoard(other.cookie, board([other.ids[0]!, owner.ids[0]!]), 'zh');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'IMAGE_NOT_FOUND', msg: errorMessage('IMAGE_NOT_FOUND', 'zh') });
    // Nothing was left holding the renderer: the same user exports at once.
    expect(t.app.services!.boards.load()).toEqual({ active: 0, waiting: 0 });
    expect((await exportBoard(other.cookie, board(other.ids))).statusCode).toBe(200);
    // An avatar is not an image of the workspace.
    const avatar = await upload(t, other.cookie, await png(40, 40, '#aa3300'), 'me.png', 'avatar');
    const avatarId = (avatar.json() as { data: { id: string } }).data.id;
    expect((await exportBoard(other.cookie, board([avatarId]))).json()).toMatchObject({ code: 'IMAGE_NOT_FOUND' });
  });

  it('takes the images of a project the user may open, whoever made them, and no one else’s', async () => {
    const owner = await registerUser(t);
    const member = await registerUser(t);
    const stranger = await registerUser(t);
    const image = await makeResult(t, owner.profile.id, { width: 96, height: 64 });
    const project = await makeProject(t, owner.cookie, 'Lake house', ['Terrace']);
    const added = await projectPost(t, owner.cookie, '/version/add', {
      viewId: project.views[0]!.id,
      imageId: image.uploadId,
      kind: 'result',
    });
    expect(added.status).toBe(200);
    await addMember(t, owner.cookie, project.id, member.profile.username!, 'viewer');

    expect((await exportBoard(member.cookie, board([image.uploadId]))).statusCode).toBe(200);
    expect((await exportBoard(stranger.cookie, board([image.uploadId]))).statusCode).toBe(404);
    // Removed from the project, the member can no longer put its images on a board.
    await projectPost(t, owner.cookie, '/member/remove', { projectId: project.id, userId: member.profile.id });
    expect((await exportBoard(member.cookie, board([image.uploadId]))).statusCode).toBe(404);
  });

  it('refuses bad settings with a localised code', async () => {
    const { cookie, ids } = await userWithImages(1);
    const refused = async (body: Record<string, unknown>, locale: 'en' | 'zh' = 'en') => {
      const res = await exportBoard(cookie, body, locale);
      return { http: res.statusCode, ...(res.json() as { code: string; msg: string }) };
    };
    const ok = board(ids);
    expect(await refused({ ...ok, title: '  ' }, 'zh')).toMatchObject({
      http: 400,
      code: 'BOARD_TITLE_REQUIRED',
      msg: '请填写展板标题',
    });
    expect(await refused({ ...ok, images: [] })).toMatchObject({ code: 'BOARD_IMAGES_REQUIRED' });
    const many = Array.from({ length: 25 }, () => ({ imageId: ids[0]! }));
    expect(await refused({ ...ok, images: many })).toMatchObject({ code: 'BOARD_IMAGES_REQUIRED' });
    for (const wrong of [{ dpi: 200 }, { layout: 3 }, { paper: 'A4' }, { format: 'tiff' }, { timeZone: 'Mars/Base' }]) {
      expect(await refused({ ...ok, ...wrong })).toMatchObject({ http: 400, code: 'VALIDATION' });
    }
    expect(await refused({ ...ok, images: [{ imageId: 'not-an-id' }] })).toMatchObject({ code: 'IMAGE_NOT_FOUND' });
    expect(await refused({ ...ok, title: 'x'.repeat(81) })).toMatchObject({ code: 'TEXT_TOO_LONG' });

    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/turing/board/export',
      headers: { cookie },
      payload: ok,
    });
    expect(noHeader.json()).toMatchObject({ code: 'APP_HEADER_MISSING' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/turing/board/export',
      headers: appHeaders(),
      payload: ok,
    });
    expect(anonymous.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('limits how many boards one user exports in a minute', async () => {
    const { cookie } = await userWithImages(0);
    for (let i = 0; i < BOARD_EXPORTS_PER_MINUTE; i += 1) {
      expect((await exportBoard(cookie, { title: 'x' })).statusCode).toBe(400);
    }
    const res = await exportBoard(cookie, { title: 'x' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
