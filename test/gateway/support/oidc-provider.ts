import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type Provider from "oidc-provider";

/**
 * A real OpenID provider (panva's `oidc-provider`, the certified implementation) in this process, on loopback on an
 * ephemeral port, for the gateway's sign-in tests: the client-credentials grant, with a resource indicator for the
 * gateway's API, so that its access tokens are JWTs (RFC 9068: `sub` is the client id, the grant is in `scope`)
 * that the gateway verifies against the provider's published key set, found through its discovery document.
 *
 * The test decides what the provider publishes and signs with (a key rotated in, a key withdrawn: a new provider
 * behind the same address), can make its key set fail (404, 500, garbage, not JSON), and counts every fetch of the
 * discovery document and of the key set. The provider stamps `iat` and `exp` from the test's clock, so a test on a
 * fake clock never depends on how long the machine took.
 */
export const GATEWAY_AUDIENCE = "api://index-data-gateway";
/** The scopes of the gateway's API at the provider. */
export const GATEWAY_SCOPES = ["Indexes.Read", "Indexes.Audit"] as const;
/** The client every test signs in as: the name a desk token may also carry. */
export const CLIENT_ID = "desk-client";
const CLIENT_SECRET = "desk-client-secret-for-tests-only-0123456789";

/** What the key set answers instead of the keys during an outage. */
export type KeySetFault = "404" | "500" | "garbage" | "not-json";

export interface TestProvider {
  /** The issuer, `http://127.0.0.1:<port>`: what the gateway is given as `--oidc-issuer`. */
  readonly issuer: string;
  /** Every fetch of the discovery document and of the key set, in order, with the status it was answered. */
  readonly fetches: ReadonlyArray<{ readonly path: "discovery" | "jwks"; readonly status: number }>;
  /** While set, the key set answers this instead of the keys. */
  keySetFault: KeySetFault | undefined;
  /** An access token for the gateway's API from the client-credentials grant, for `scope`. */
  token(scope?: string): Promise<string>;
  /** Makes a signing key (RS256) by its `kid`; kept for the provider to sign with or publish. */
  addKey(kid: string): Promise<void>;
  /** The provider from now on publishes exactly these keys (one left out is withdrawn) and signs with the first. */
  use(published: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * oidc-provider 9 names Node 22 as its supported runtime and warns on Node 20 once, as it loads; it runs on Node 20
 * for what these tests use, so that one line is left out of the test output. (jest transpiles its ECMAScript modules,
 * as it does jose's: jest.config.js.)
 */
async function loadProvider(): Promise<typeof Provider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes("Unsupported runtime")) warn(...args);
  };
  try {
    return (await import("oidc-provider")).default;
  } finally {
    console.warn = warn;
  }
}

/** oidc-provider's storage contract, in a Map: its own in-memory adapter is shared by every provider in a process. */
function mapAdapter(): new (name: string) => object {
  const stored = new Map<string, Record<string, unknown>>();
  return class {
    constructor(private readonly name: string) {}
    async upsert(id: string, payload: Record<string, unknown>): Promise<void> {
      stored.set(`${this.name}:${id}`, payload);
    }
    async find(id: string): Promise<unknown> {
      return stored.get(`${this.name}:${id}`);
    }
    async findByUid(): Promise<undefined> {
      return undefined;
    }
    async findByUserCode(): Promise<undefined> {
      return undefined;
    }
    async consume(id: string): Promise<void> {
      const entry = stored.get(`${this.name}:${id}`);
      if (entry !== undefined) entry["consumed"] = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string): Promise<void> {
      stored.delete(`${this.name}:${id}`);
    }
    async revokeByGrantId(): Promise<void> {
      // Client-credentials tokens belong to no grant.
    }
  };
}

const FAULTS: Readonly<Record<KeySetFault, { status: number; body: string }>> = {
  "404": { status: 404, body: '{"error":"not found"}' },
  "500": { status: 500, body: '{"error":"server_error"}' },
  garbage: { status: 200, body: '{"keys":[1,"x",null]}' },
  "not-json": { status: 200, body: "<html>maintenance</html>" },
};

function configuration(keys: readonly JWK[], now: () => number): Record<string, unknown> {
  return {
    jwks: { keys },
    adapter: mapAdapter(),
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_types: ["client_credentials"],
        response_types: [],
        redirect_uris: [],
      },
    ],
    scopes: [...GATEWAY_SCOPES],
    ttl: { ClientCredentials: 3600 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => GATEWAY_AUDIENCE,
        getResourceServerInfo: () => ({
          scope: GATEWAY_SCOPES.join(" "),
          audience: GATEWAY_AUDIENCE,
          accessTokenFormat: "jwt",
          jwt: { sign: { alg: "RS256" } },
        }),
      },
    },
    formats: {
      customizers: {
        // Times from the test's clock, so a fake clock decides what is expired, never the machine's speed.
        jwt: (_ctx: unknown, _token: unknown, jwt: { payload: Record<string, unknown> }) => {
          const iat = Math.floor(now() / 1000);
          Object.assign(jwt.payload, { iat, exp: iat + 3600 });
        },
      },
    },
  };
}

/** Starts the provider on 127.0.0.1 (never another interface) with one key, `key-1`; `now` stamps its tokens. */
export async function startTestProvider(now: () => number = Date.now): Promise<TestProvider> {
  const ProviderClass = await loadProvider();
  const fetches: Array<{ path: "discovery" | "jwks"; status: number }> = [];
  const keys = new Map<string, JWK>();
  let handle: RequestListener | undefined;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = request.url?.split("?")[0];
    const counted: "jwks" | "discovery" | undefined =
      path === "/jwks" ? "jwks" : path === "/.well-known/openid-configuration" ? "discovery" : undefined;
    const fault = counted === "jwks" ? provider.keySetFault : undefined;
    if (counted !== undefined) {
      const entry = { path: counted, status: 0 };
      fetches.push(entry);
      response.on("finish", () => (entry.status = response.statusCode));
    }
    if (fault !== undefined) {
      const { status, body } = FAULTS[fault];
      response.writeHead(status, { "content-type": fault === "not-json" ? "text/html" : "application/json" });
      response.end(body);
      return;
    }
    handle?.(request, response);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider: TestProvider = {
    issuer,
    fetches,
    keySetFault: undefined,
    addKey: async (kid) => {
      const { privateKey } = await generateKeyPair("RS256", { extractable: true });
      keys.set(kid, { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" });
    },
    use: async (published) => {
      const chosen = published.map((kid) => keys.get(kid));
      if (chosen.length === 0 || chosen.some((key) => key === undefined))
        throw new Error(`no key among ${published.join(", ")}: addKey first`);
      // A new provider behind the same address: it publishes every key it holds and signs with the first.
      handle = new ProviderClass(issuer, configuration(chosen as JWK[], now)).callback();
    },
    token: async (scope = GATEWAY_SCOPES[0]) => {
      const answer = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ grant_type: "client_credentials", scope, resource: GATEWAY_AUDIENCE }),
      });
      const body = (await answer.json()) as { access_token?: string; error?: string };
      if (body.access_token === undefined) throw new Error(`the provider gave no token: ${JSON.stringify(body)}`);
      return body.access_token;
    },
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
  await provider.addKey("key-1");
  await provider.use(["key-1"]);
  return provider;
}
