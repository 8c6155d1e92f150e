import { AppError } from '../../shared/app-error.ts';

/**
 * WeChat Open Platform website sign-in: the QR-connect page returns a code, exchanged here for
 * the user's openid (sns/oauth2/access_token).
 */
export function createWechatClient(opts: {
  appId: string;
  appSecret: string;
  apiUrl: string;
  authorizeUrl: string;
  fetchImpl?: typeof fetch;
}) {
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    authorizeUrl(input: { redirectUri: string; state: string }) {
      const url = new URL(opts.authorizeUrl);
      url.search = new URLSearchParams({
        appid: opts.appId,
        redirect_uri: input.redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state: input.state,
      }).toString();
      return `${url.toString()}#wechat_redirect`;
    },

    async openIdFor(code: string): Promise<string> {
      const url = new URL(`${opts.apiUrl.replace(/\/$/, '')}/sns/oauth2/access_token`);
      url.search = new URLSearchParams({
        appid: opts.appId,
        secret: opts.appSecret,
        code,
        grant_type: 'authorization_code',
      }).toString();
      let body: { openid?: string; errcode?: number; errmsg?: string };
      try {
        const res = await doFetch(url, { signal: AbortSignal.timeout(10_000) });
        body = (await res.json()) as typeof body;
      } catch (err) {
        throw new AppError('WECHAT_FAILED', { details: { reason: (err as Error).message } });
      }
      if (!body.openid)
        throw new AppError('WECHAT_FAILED', { details: { errcode: body.errcode, errmsg: body.errmsg } });
      return body.openid;
    },
  };
}
export type WechatClient = ReturnType<typeof createWechatClient>;
