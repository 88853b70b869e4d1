import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO_KEYS } from "../../reference-service/src";
import { FLAGSHIP, useReferenceService } from "../contract/reference";
import { failed, runCli } from "./run-cli";

/** What a new user met with the CLI, each said in a way that tells them what to fix. */

describe("a --base-url that is a web server but not the service", () => {
  let server: Server;
  let url: string;
  const seen: string[] = [];
  beforeAll(async () => {
    // Answers every path with an HTML 404, as a web site's server does.
    server = createServer((req, res) => {
      seen.push(req.url ?? "");
      res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not Found</h1>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const NOT_A_SERVICE = (path: string) =>
    `index-data: the service answered ${path} with 404: it is not an Index Data Service; check --base-url (or INDEX_API_BASE_URL), its root without /api\n`;

  it.each([
    [["latest", FLAGSHIP], `/api/v1/index/${FLAGSHIP}/latest`, "/api/v1/indexes"],
    [["history", FLAGSHIP, "2025-01-06", "2025-01-10"], `/api/v1/index/${FLAGSHIP}/history`, "/api/v1/indexes"],
    [["forward", FLAGSHIP], `/api/v1/index/${FLAGSHIP}/forward`, "/api/v1/indexes"],
    [["status"], "/api/status", "/api/v1/indexes"],
    [["benchmark-health"], "/api/v1/benchmark/health", "/api/v1/indexes"],
    [["methodology"], "/api/v1/methodology", "/api/v1/indexes"],
    [["list"], "/api/v1/indexes", "/api/v1/indexes"],
    [["health"], "/api/health", "/api/health"],
  ])("%j says it is not an Index Data Service, as list and health do", async (argv, asked, answered) => {
    seen.length = 0;
    const run = await runCli([...argv, "--base-url", url]);
    expect(seen.map((path) => path.split("?")[0])).toContain(asked);
    expect(run).toEqual(failed(1, NOT_A_SERVICE(answered)));
  });
});

describe("mistakes on the command line (exit code 2, before or instead of a request)", () => {
  const ref = useReferenceService("newer");
  const base = () => ["--base-url", ref.service.url];
  const FORMS =
    'use an ISO date such as "2024-03-31", or a relative form such as "-30D", "-6W", "-6M", "-1Y" or "today"';

  it("a relative date without its unit is a date the date rules explain, named as it was given", async () => {
    const seen = ref.service.requests.length;
    const positional = await runCli(["history", FLAGSHIP, "-30", ...base()]);
    expect(positional).toMatchObject({ code: 2, stderr: `index-data: START: ${FORMS} (got "-30")\n` });
    const option = await runCli(["history", FLAGSHIP, "--start", "-30", ...base()]);
    expect(option).toMatchObject({ code: 2, stderr: `index-data: --start: ${FORMS} (got "-30")\n` });
    expect(ref.service.requests.length).toBe(seen);
  });

  it("a bad date given as an argument is named START or END, not as an option the user did not type", async () => {
    const start = await runCli(["history", FLAGSHIP, "2025-13-01", ...base()]);
    expect(start).toMatchObject({ code: 2, stderr: `index-data: START: ${FORMS} (got "2025-13-01")\n` });
    const end = await runCli(["periods", FLAGSHIP, "2025-01-01", "2025-02-31", ...base()]);
    expect(end).toMatchObject({ code: 2, stderr: `index-data: END: ${FORMS} (got "2025-02-31")\n` });
  });

  it("a misspelt command gets the command it most likely meant; a word far from any gets none", async () => {
    const typo = await runCli(["lates", FLAGSHIP, ...base()]);
    expect(typo).toMatchObject({
      code: 2,
      stderr: 'index-data: Unknown command "lates"; did you mean "latest"? Run index-data --help for the list.\n',
    });
    const swapped = await runCli(["hsitory", FLAGSHIP, ...base()]);
    expect(swapped.stderr).toContain('did you mean "history"?');
    const far = await runCli(["prices", ...base()]);
    expect(far.stderr).toBe('index-data: Unknown command "prices". Run index-data --help for the list.\n');
  });

  it("a window the service refuses is the --window option's fault, in the service's words", async () => {
    const run = await runCli(["vol", FLAGSHIP, "--window", "1", ...base()]);
    expect(ref.service.requests.at(-1)).toMatchObject({
      path: `/api/v1/index/${FLAGSHIP}/volatility?windowDays=1`,
      status: 400,
    });
    expect(run).toEqual(
      failed(2, 'index-data: --window: windowDays must be a whole number from 2 to 365 (default 30); got "1".\n'),
    );
  });
});

describe("a refused API key, in one message", () => {
  const ref = useReferenceService("newer");
  const base = () => ["--base-url", ref.service.url];

  it("an unknown key: the service's reason and what to do, once", async () => {
    const run = await runCli(["latest", FLAGSHIP, "--api-key", "wrong", ...base()]);
    expect(ref.service.requests.at(-1)?.status).toBe(401);
    expect(run).toMatchObject({
      code: 1,
      stderr:
        "index-data: the service refused the API key (Unknown API key): check --api-key (or INDEX_API_KEY), or leave it out to use the anonymous tier\n",
    });
  });

  it("a revoked key: ask for a new one", async () => {
    const run = await runCli(["latest", FLAGSHIP, "--api-key", DEMO_KEYS.revoked, ...base()]);
    expect(ref.service.requests.at(-1)?.status).toBe(401);
    expect(run.stderr).toBe(
      "index-data: the service says this API key has been revoked: ask for a new key, or leave --api-key (and INDEX_API_KEY) out to use the anonymous tier\n",
    );
    expect(run.stderr).not.toContain(DEMO_KEYS.revoked);
  });
});

describe("endpoints only one description publishes say which", () => {
  const ref = useReferenceService("older");
  const base = () => ["--base-url", ref.service.url];

  it.each([
    [
      "status",
      "index-data: this service does not publish the system status (only the newer description of the service publishes it)\n",
    ],
    [
      "benchmark-health",
      "index-data: this service does not publish benchmark health (only the newer description of the service publishes it)\n",
    ],
  ])("%s on the older description", async (command, message) => {
    const run = await runCli([command, ...base()]);
    expect(ref.service.requests.at(-1)?.status).toBe(200); // the catalogue answered: the service is there
    expect(run).toMatchObject({ code: 1, stderr: message });
  });
});
