import sharp from 'sharp';
import { appHeaders, type TestApp } from './test-app.ts';

/** A plain image; another size or colour makes different content (identical uploads are stored once). */
export const png = (w = 64, h = 48, background = '#18a058') =>
  sharp({ create: { width: w, height: h, channels: 3, background } })
    .png()
    .toBuffer();

export function multipart(file: Buffer, filename: string, type = 'image/png') {
  const boundary = '----turing-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  t: TestApp,
  cookie: string,
  file: Buffer,
  filename: string,
  kind = 'avatar',
  locale: 'en' | 'zh' = 'en',
) {
  const { body, contentType } = multipart(file, filename);
  return t.app.inject({
    method: 'POST',
    url: `/turing/upload/image?kind=${kind}`,
    headers: { ...appHeaders(locale), cookie, 'content-type': contentType },
    payload: body,
  });
}
