interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
}

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/**
 * OpenID Connect authorisation-code flow against Google (or any issuer with discovery).
 * The ID token comes straight from the token endpoint over TLS, so its claims are checked
 * (issuer, audience, expiry, nonce) without fetching signing keys (OIDC Core 3.1.3.7).
 */
export function createGoogleClient(opts: {
  clientId: string;
  clientSecret: string;
  issuer: string;
  fetchImpl?: typeof fetch;
}) {
  const doFetch = opts.fetchImpl ?? fetch;
  let discovery: Promise<Discovery> | null = null;
  const discover = () => {
    discovery ??= doFetch(`${opts.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`discovery answered ${res.status}`);
        return (await res.json()) as Discovery;
      })
      .catch((err: unknown) => {
        discovery = null;
        throw err;
      });
    return discovery;
  };

  return {
    async authorizeUrl(input: { redirectUri: string; state: string; nonce: string }) {
      const d = await discover();
      const url = new URL(d.authorization_endpoint);
      url.search = new URLSearchParams({
        client_id: opts.clientId,
        redirect_uri: input.redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state: input.state,
        nonce: input.nonce,
        prompt: 'select_account',
      }).toString();
      return url.toString();
    },

    /** Throws a plain error with the reason, for the server log only. */
    async exchange(input: { code: string; redirectUri: string; nonce: string }): Promise<GoogleIdentity> {
      const d = await discover();
      const res = await doFetch(d.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code: input.code,
          client_id: opts.clientId,
          client_secret: opts.clientSecret,
          redirect_uri: input.redirectUri,
          grant_type: 'authorization_code',
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
      const { id_token: idToken } = (await res.json()) as { id_token?: string };
      const payload = JSON.parse(Buffer.from(idToken?.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
      const issuers = new Set([d.issuer, d.issuer.replace(/^https:\/\//, '')]);
      const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!issuers.has(String(payload.iss))) throw new Error('issuer mismatch');
      if (!aud.includes(opts.clientId)) throw new Error('audience mismatch');
      if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) throw new Error('expired token');
      if (payload.nonce !== input.nonce) throw new Error('nonce mismatch');
      if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('no subject');
      return {
        sub: payload.sub,
        email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: typeof payload.name === 'string' ? payload.name : null,
      };
    },
  };
}
export type GoogleClient = ReturnType<typeof createGoogleClient>;
