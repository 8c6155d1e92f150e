import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';

interface S3Request {
  method: string;
  bucket: string;
  key: string;
  headers: http.IncomingHttpHeaders;
}

interface S3Object {
  body: Buffer;
  contentType: string;
  cacheControl?: string;
}

const errorXml = (code: string, message: string, resource: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
  `<Resource>${resource}</Resource><RequestId>fake-0001</RequestId></Error>`;

/**
 * A throw-away S3-protocol server on loopback, path-style (`/<bucket>/<key>`): PUT, GET, HEAD and
 * DELETE of objects, with S3's XML errors. Signatures are not checked; `requests` records what the
 * SDK sent so tests can check it signed them.
 */
export async function fakeS3(bucket: string) {
  const objects = new Map<string, S3Object>();
  const requests: S3Request[] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://s3');
      const [first = '', ...rest] = url.pathname.slice(1).split('/');
      const target = { bucket: decodeURIComponent(first), key: rest.map(decodeURIComponent).join('/') };
      const body = await buffer(req);
      requests.push({ method: req.method ?? 'GET', ...target, headers: req.headers });
      const fail = (status: number, code: string, message: string) => {
        res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'fake-0001' });
        res.end(req.method === 'HEAD' ? undefined : errorXml(code, message, url.pathname));
      };
      if (target.bucket !== bucket) return fail(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (!target.key) return fail(400, 'InvalidRequest', 'Only object requests are supported here');
      switch (req.method) {
        case 'PUT': {
          objects.set(target.key, {
            body,
            contentType: req.headers['content-type'] ?? 'binary/octet-stream',
            cacheControl: req.headers['cache-control'],
          });
          res.writeHead(200, { etag: '"fake"' });
          return res.end();
        }
        case 'GET':
        case 'HEAD': {
          const object = objects.get(target.key);
          if (!object) return fail(404, 'NoSuchKey', 'The specified key does not exist.');
          res.writeHead(200, {
            'content-type': object.contentType,
            'content-length': object.body.length,
            etag: '"fake"',
            ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
          });
          return res.end(req.method === 'GET' ? object.body : undefined);
        }
        case 'DELETE': {
          objects.delete(target.key);
          res.writeHead(204);
          return res.end();
        }
        default:
          return fail(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      }
    })().catch((err: unknown) => {
      res.destroy(err as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeS3 = Awaited<ReturnType<typeof fakeS3>>;
