import http from 'node:http';
import type net from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/** A student as the campus provider knows them: the claims it signs. */
export type CampusAccount = {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  nim?: string;
  prodi?: string;
};

export const IDP_CLIENT = { id: 'bem-uji', secret: 'rahasia-klien-sso-uji-0123456789' };

/**
 * A real OpenID provider on loopback (the `oidc-provider` package) with its own login and consent
 * pages, standing for the campus SSO. `tamper` rewrites the ID token of the next token responses
 * (what a man in the middle or a forged provider would send); `mint` signs a token with the
 * provider's own key, for tokens that are well signed but say the wrong thing.
 */
export async function startCampusIdp(opts: { redirectUri: string; accounts: CampusAccount[] }) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'kunci-uji', alg: 'RS256', use: 'sig' };
  const accounts = new Map(opts.accounts.map((a) => [a.sub, a]));

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: IDP_CLIENT.id,
        client_secret: IDP_CLIENT.secret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['kunci-cookie-penyedia-uji'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'nim', 'prodi'],
    },
    // The NIM and programme travel in the ID token, as a campus provider is asked to send them.
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ ...account }) };
    },
  });

  let tamper: ((idToken: string) => Promise<string> | string) | null = null;
  let redirect: ((callback: URL) => void) | null = null;
  const handler = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const answer = redirect;
    if (answer) {
      const setHeader = res.setHeader.bind(res);
      res.setHeader = ((name: string, value: string | number | readonly string[]) => {
        if (name.toLowerCase() === 'location' && String(value).startsWith(opts.redirectUri)) {
          const url = new URL(String(value));
          answer(url);
          return setHeader(name, url.href);
        }
        return setHeader(name, value);
      }) as typeof res.setHeader;
    }
    const rewrite = tamper;
    if (rewrite && req.method === 'POST' && req.url?.startsWith('/token')) {
      const end = res.end.bind(res) as (body: string) => http.ServerResponse;
      const chunks: Buffer[] = [];
      res.write = ((chunk: Buffer | string) => {
        chunks.push(Buffer.from(chunk));
        return true;
      }) as typeof res.write;
      res.end = ((chunk?: Buffer | string) => {
        if (chunk) chunks.push(Buffer.from(chunk));
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { id_token?: string };
        void (async () => {
          if (body.id_token) body.id_token = await rewrite(body.id_token);
          const text = JSON.stringify(body);
          res.setHeader('content-length', Buffer.byteLength(text));
          end(text);
        })();
        return res;
      }) as typeof res.end;
    }
    handler(req, res);
  });

  return {
    issuer,
    /** Rewrite the ID token of every token response until called again with null. */
    tamper(fn: ((idToken: string) => Promise<string> | string) | null) {
      tamper = fn;
    },
    /** Change the provider's answer (the redirect to the app's callback) until called with null. */
    rewriteAnswer(fn: ((callback: URL) => void) | null) {
      redirect = fn;
    },
    /** Any claims, signed with the provider's own key (a token as the provider would issue it). */
    sign(claims: Record<string, unknown>) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'JWT' })
        .sign(privateKey);
    },
    /** The claims of a token, altered, signed with the provider's own key. */
    async mint(idToken: string, change: Record<string, unknown>) {
      const claims = { ...decodeJwt(idToken), ...change };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'JWT' })
        .sign(privateKey);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JWT with one claim of its payload changed and its signature kept. */
export function alterPayload(token: string, change: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  const payload = Buffer.from(JSON.stringify({ ...decodeJwt(token), ...change })).toString(
    'base64url',
  );
  return `${header}.${payload}.${signature}`;
}
