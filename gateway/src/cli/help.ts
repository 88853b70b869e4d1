import { DEFAULT_TTLS } from "@index-data/wire";

/**
 * What `--help` prints, whole: an installed gateway has no docs/gateway.md beside it, so every option is described
 * here. Messages name the command as it was started (`index-data-gateway`, or `npm run gateway --` in a checkout).
 */

/** The command that started this process: the installed binary, or the sources run through tsx from a checkout. */
export function programName(script: string | undefined): string {
  return script?.endsWith(".ts") === true ? "npm run gateway --" : "index-data-gateway";
}

/** One option of the serving command: the flag, what it takes, and what it does with its default. */
export interface OptionHelp {
  readonly flag: string;
  readonly value?: string;
  readonly meaning: string;
}

/** Every option `serve` accepts, in the order an administrator needs them. */
export const OPTIONS: readonly OptionHelp[] = [
  { flag: "--upstream", value: "URL", meaning: "required: the Index Data Service (https, or http to this machine)" },
  { flag: "--port", value: "N", meaning: "required: the port to listen on; 0 picks a free one" },
  { flag: "--host", value: "H", meaning: "the address to listen on (default 127.0.0.1); 0.0.0.0 serves the desk" },
  { flag: "--tokens", value: "FILE", meaning: "who may use it: name:sha256 lines, added by new-token; SIGHUP rereads" },
  { flag: "--no-auth", meaning: "no tokens: allowed on a loopback --host only, and refused with --tokens" },
  { flag: "--no-mcp", meaning: "no /mcp for AI agents (on by default where authentication is on)" },
  {
    flag: "--public-url",
    value: "URL",
    meaning:
      "the origin clients reach (a proxy, a balancer): /mcp's OAuth metadata names it; default: the listening address",
  },
  { flag: "--redis", value: "URL", meaning: "redis://host:port: share the cache, locks and budget with replicas" },
  {
    flag: "--allow-origin",
    value: "ORIGIN",
    meaning: "CORS for the add-in's pages, the only pages /mcp answers; repeat for each origin",
  },
  { flag: "--upstream-key-file", value: "FILE", meaning: "the upstream key from a file, read once (chmod 600 it)" },
  { flag: "--tls-cert", value: "FILE", meaning: "serve https: the certificate (PEM), with --tls-key" },
  { flag: "--tls-key", value: "FILE", meaning: "serve https: its private key (PEM), with --tls-cert" },
  {
    flag: "--ttl",
    value: "KIND=SECONDS",
    meaning: `override a time-to-live; repeat; KIND: ${Object.keys(DEFAULT_TTLS).join(", ")}`,
  },
  { flag: "--cache-mb", value: "N", meaning: "memory kept for answers in this process (default 256)" },
  { flag: "--upstream-timeout-ms", value: "N", meaning: "one upstream request, headers and body (default 5000)" },
  { flag: "--rate-window-ms", value: "N", meaning: "the upstream's rate window (default 60000: per minute)" },
  {
    flag: "--metrics-token-file",
    value: "FILE",
    meaning: "the token that reads /metrics; without it /metrics answers this machine only",
  },
  {
    flag: "--metrics-subjects",
    value: "user[:N]|tenant[:N]",
    meaning: "whose requests /metrics and health show one by one: the N busiest (default user:20), then (others)",
  },
  {
    flag: "--oidc-issuer",
    value: "URL",
    meaning: "accept sign-in tokens from this issuer (https), with --oidc-audience",
  },
  { flag: "--oidc-audience", value: "AUD", meaning: "the audience (aud) sign-in tokens must carry" },
  {
    flag: "--oidc-jwks-url",
    value: "URL",
    meaning: "the issuer's signing keys (default: from its discovery document)",
  },
  { flag: "--oidc-required-scope", value: "S", meaning: "a scope or app role every sign-in token must carry" },
  {
    flag: "--oidc-allowed-tenant",
    value: "T",
    meaning: "a tenant (tid) whose users may sign in; repeat; none: any the issuer signs for",
  },
  {
    flag: "--oidc-keys-max-age",
    value: "SECONDS",
    meaning: "longest the issuer's key set is used before it is loaded again (60 to 86400, default 600)",
  },

  { flag: "--oidc-tenant-share", meaning: "share the budget per tenant first (even parts), then per user" },
  {
    flag: "--oidc-tenant-weights",
    value: "FILE",
    meaning: "that share by weight: lines of TENANT WEIGHT (desk, sign-in, a tenant id, or * for the rest)",
  },
];

/** Lines of `text` no longer than `width`, split between words. */
function wrapped(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/** Two columns: each left cell padded to the widest, each right cell wrapped under its own start. */
function columns(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  const indent = " ".repeat(2 + width + 2);
  return rows.flatMap(([left, right]) =>
    wrapped(right, Math.max(40, LINE_WIDTH - indent.length)).map((part, i) =>
      i === 0 ? `  ${left.padEnd(width)}  ${part}` : `${indent}${part}`,
    ),
  );
}

/** Help lines fit a terminal of this many columns. */
const LINE_WIDTH = 110;

/** The four ways to run it: what a refused command line is shown under its reason. */
export function synopsis(program: string): string {
  const rows: [string, string][] = [
    [`${program} --upstream URL --port N --tokens FILE [option ...]`, "serve the desk"],
    [`${program} --upstream URL --port N --host 127.0.0.1 --no-auth`, "serve this machine only"],
    [`${program} new-token NAME --tokens FILE`, "add a person: prints their token once"],
    [`${program} --help`, "every option"],
  ];
  return ["Usage:", ...columns(rows)].join("\n");
}

/** The whole help: synopsis, every option, where the key comes from, signals and exit codes. */
export function helpText(program: string): string {
  const options = columns(
    OPTIONS.map(({ flag, value, meaning }) => [value === undefined ? flag : `${flag} ${value}`, meaning]),
  );
  const checkout =
    program === "index-data-gateway"
      ? []
      : [
          "",
          `In a checkout, ${program} … runs index-data-gateway from its sources, with the same arguments;`,
          "docs/gateway.md is the guide.",
        ];
  return [
    "The desk's Index Data gateway: one upstream key, one cache and one budget for a desk of Excel add-ins.",
    "",
    synopsis(program),
    "",
    "Options:",
    ...options,
    "",
    "The upstream key: INDEX_GATEWAY_UPSTREAM_KEY or --upstream-key-file, never a flag (flags show in ps).",
    "Sign-in tokens (--oidc-…) work beside --tokens, or instead of it.",
    "Signals: SIGHUP reads the tokens file again; SIGINT or SIGTERM stops.",
    "Exit codes: 0 done; 1 failed while running (a restart may help); 2 command line or file refused (fix it).",
    ...checkout,
  ].join("\n");
}
