import { createHash } from "node:crypto";
import { request } from "node:https";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generate } from "selfsigned";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { parseTokens } from "../../gateway/src/identity/tokens";
import { useTempFolder } from "../support/temp-folder";
import { runGatewayCommand, spawnGateway } from "./support/gateway-process";

/**
 * The command line as a checkout runs it: `npm run gateway -- …` (the sources through tsx), each run a process of its
 * own. test/gateway/package.test.ts runs the installed `index-data-gateway`.
 */
/** The tokens, the upstream key and the TLS key and certificate the tests write; removed after them. */
const folder = useTempFolder("gateway-cli-");
let service: RunningReferenceService;
beforeAll(async () => {
  service = await startReferenceService();
});
afterAll(() => service.close());

test("new-token prints a fresh token once, appends only its SHA-256, and refuses a name twice", async () => {
  const file = join(folder(), "tokens.txt");
  const made = await runGatewayCommand(["new-token", "alice", "--tokens", file]);
  expect(made.code).toBe(0);
  const token = /\n(idg_[A-Za-z0-9_-]{43})\n/.exec(made.output)?.[1] ?? "";
  expect(token).not.toBe("");
  const text = readFileSync(file, "utf8");
  expect(text).not.toContain(token);
  expect(parseTokens(text, file)).toEqual([{ name: "alice", digest: createHash("sha256").update(token).digest() }]);
  expect(statSync(file).mode & 0o077).toBe(0);
  const again = await runGatewayCommand(["new-token", "alice", "--tokens", file]);
  expect(again.code).toBe(2);
  expect(again.output).toContain(`already has a token for "alice"`);
  expect(readFileSync(file, "utf8")).toBe(text);
});

test("every new-token usage error exits 2, changes no file, and names the command as a checkout runs it", async () => {
  const file = join(folder(), "refused-tokens.txt");
  writeFileSync(file, `# desk\nbob:${"ab".repeat(32)}\n`);
  const broken = join(folder(), "broken-tokens.txt");
  writeFileSync(broken, "bob:not-a-digest\n");
  const runs = await Promise.all([
    runGatewayCommand(["new-token"]),
    runGatewayCommand(["new-token", "alice", "carol", "--tokens", file]),
    runGatewayCommand(["new-token", "alice"]),
    runGatewayCommand(["new-token", "bad name", "--tokens", file]),
    runGatewayCommand(["new-token", "alice", "--tokens", file, "--bogus"]),
    runGatewayCommand(["new-token", "alice", "--tokens", broken]),
  ]);
  expect(runs.map((run) => run.code)).toEqual([2, 2, 2, 2, 2, 2]);
  expect(runs[0]?.output).toContain("new-token takes one NAME: npm run gateway -- new-token alice --tokens tokens.txt");
  expect(runs[3]?.output).toContain(`"bad name" cannot be a name`);
  expect(runs[5]?.output).toContain(`${broken}, line 1:`);
  for (const run of runs) {
    expect(run.output).toContain("Every option: npm run gateway -- --help");
    expect(run.output).not.toContain("could not start");
  }
  expect(readFileSync(file, "utf8")).toBe(`# desk\nbob:${"ab".repeat(32)}\n`);
  expect(readFileSync(broken, "utf8")).toBe("bob:not-a-digest\n");
});

test("--help from a checkout carries every option and names npm run gateway -- and the guide", async () => {
  const help = await runGatewayCommand(["--help"]);
  expect(help.code).toBe(0);
  expect(help.output).toContain("npm run gateway -- new-token NAME --tokens FILE");
  expect(help.output).toMatch(/--oidc-allowed-tenant T +a tenant \(tid\) whose users may sign in/);
  expect(help.output).toContain("docs/gateway.md is the guide.");
});

test("a tokens file with a bad line is refused, naming the line but not echoing it", () => {
  const text = "# desk\nalice:" + "ab".repeat(32) + "\nbob:not-a-digest\n";
  expect(() => parseTokens(text, "tokens.txt")).toThrow(
    "tokens.txt, line 3: the part after the name must be the token's SHA-256 in hex (64 characters).",
  );
  expect(() => parseTokens(`alice:${"ab".repeat(32)}\nalice:${"cd".repeat(32)}\n`, "t")).toThrow(
    "t, line 1: a name listed on lines 1, 2; give each person one line.",
  );
});

test("refuses (exit 2) to start without a tokens file, open on the network, with the key as a flag or over http", async () => {
  const upstream = ["--upstream", service.url, "--port", "0"];
  const [noTokens, openNetwork, keyFlag, keyOverHttp, badUpstream] = await Promise.all([
    runGatewayCommand(upstream),
    runGatewayCommand([...upstream, "--host", "0.0.0.0", "--no-auth"]),
    runGatewayCommand([...upstream, "--no-auth", `--upstream-key=${DEMO_KEYS.apiKey}`]),
    runGatewayCommand(["--upstream", "http://indexes.example.com", "--port", "0", "--no-auth"], {
      INDEX_GATEWAY_UPSTREAM_KEY: DEMO_KEYS.apiKey,
    }),
    runGatewayCommand(["--upstream", "ftp://indexes.example.com", "--port", "0", "--no-auth"]),
  ]);
  const refusals: ReadonlyArray<readonly [{ code: number | null; output: string }, number, string]> = [
    [
      noTokens,
      2,
      "--tokens FILE is required: it lists who may use the gateway. Create it with: npm run gateway -- new-token NAME --tokens FILE",
    ],
    [openNetwork, 2, "--no-auth is only allowed on a loopback host (127.0.0.1, ::1, localhost), not 0.0.0.0."],
    [
      keyFlag,
      2,
      "The upstream key is never given as a flag (flags show in ps): set INDEX_GATEWAY_UPSTREAM_KEY, or give --upstream-key-file FILE.",
    ],
    [
      keyOverHttp,
      2,
      "The upstream key is only sent over https (or plain http to this machine): give an https:// --upstream.",
    ],
    [badUpstream, 2, "--upstream: The base URL must start with https:// or http://"],
  ];
  for (const [run, code, says] of refusals) {
    expect({ code: run.code, says: run.output.includes(says) }).toEqual({ code, says: true });
    expect(run.output).not.toContain(DEMO_KEYS.apiKey);
  }
});

test("serves https with --tls-cert/--tls-key, the key read from --upstream-key-file; --no-auth on loopback says so", async () => {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keySize: 2048,
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  writeFileSync(join(folder(), "cert.pem"), pems.cert);
  writeFileSync(join(folder(), "key.pem"), pems.private);
  writeFileSync(join(folder(), "upstream.key"), `${DEMO_KEYS.apiKey}\n`, { mode: 0o600 });
  const gateway = await spawnGateway([
    ...["--upstream", service.url, "--port", "0", "--no-auth", "--upstream-key-file", join(folder(), "upstream.key")],
    ...["--tls-cert", join(folder(), "cert.pem"), "--tls-key", join(folder(), "key.pem")],
  ]);
  try {
    expect(gateway.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(gateway.output()).toContain(
      "Authentication is OFF (--no-auth): anyone on this machine can use the gateway, and its upstream key.",
    );
    expect(gateway.output()).toContain("(key: the file ");
    const body = await new Promise<string>((resolve, reject) => {
      request(
        `${gateway.url}/api/v1/index/RTM-NWE-A-1x3/history?startDate=2025-01-06&endDate=2025-01-10`,
        { ca: pems.cert },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve(text));
        },
      )
        .on("error", reject)
        .end();
    });
    expect((JSON.parse(body) as { values: Array<{ value: number }> }).values.map((p) => p.value)).toEqual([
      1.8459, 1.838, 1.8607, 1.8256, 1.8542,
    ]);
    expect(service.requests.at(-1)?.apiKeyTier).toBe("api-key");
    expect(gateway.output()).not.toContain(DEMO_KEYS.apiKey);
  } finally {
    await gateway.stop();
  }
});
