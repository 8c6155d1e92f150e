/**
 * WeChat Open Platform website sign-in: the QR-connect page returns a code, exchanged here for
 * the user's openid (sns/oauth2/access_token). Failures are plain errors carrying WeChat's own
 * words, for the server log only; callers show their own message.
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
      const res = await doFetch(url, { signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as { openid?: string; errcode?: number; errmsg?: string };
      if (!body.openid) throw new Error(`WeChat refused the code: errcode ${body.errcode}, errmsg ${body.errmsg}`);
      return body.openid;
    },
  };
}
export type WechatClient = ReturnType<typeof createWechatClient>;
