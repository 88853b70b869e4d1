/* eslint-disable no-control-regex -- these tests look for control characters */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { formatCsv } from "../../src/cli/csv";
import { formatResult } from "../../src/cli/result-format";
import { DirectSource } from "../../src/client/direct-source";
import type { CellError } from "../../src/formulas/cell-error";
import { indexHistory } from "../../src/formulas/index-functions/history";
import { FLAGSHIP, useReferenceService } from "../contract/reference";
import { failed, runCli } from "./run-cli";

const HOSTILE_SYMBOL = "RTM-EVIL-X-1x1";
// Screen clear, colours, a window-title OSC, a line break, a C1 CSI and a C1 NEL, around a comma and quotes.
const HOSTILE = '\u001b[2J\u001b[31mRed\u001b[0m, "quoted"\u001b]0;pwned\u0007 line1\r\nline2\u009b1mC1\u0085end';
const HOSTILE_STRIPPED = 'Red, "quoted" line1line2C1end';
const ANY_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe("CSV output", () => {
  it("quotes by RFC 4180, ends every line with CRLF, writes numbers without float noise and dates as Excel reads them", () => {
    const csv = formatCsv([
      { date: "2026-01-02T00:00:00.000Z", value: 0.1 + 0.2, note: 'say "hi", twice', missing: null },
      { date: "2026-01-09T16:30:00.000Z", value: 1e-7, note: "plain", average: 1.7695571428571428 },
    ]);
    // 12 significant digits: arithmetic's float noise goes, every digit the data has stays; a time in UTC.
    expect(csv).toBe(
      'date,value,note,missing,average\r\n2026-01-02,0.3,"say ""hi"", twice",,\r\n2026-01-09 16:30:00,1e-7,plain,,1.76955714286\r\n',
    );
  });

  it("shows service text that starts like a formula as text, and keeps negative numbers as numbers", () => {
    const csv = formatCsv([{ description: '=HYPERLINK("http://x")', hub: "@SUM(1)", change: -0.25, note: "+1" }]);
    expect(csv).toBe('description,hub,change,note\r\n"\'=HYPERLINK(""http://x"")",\'@SUM(1),-0.25,\'+1\r\n');
  });

  it("leaves a missing value (null) empty in tables and records, as the CSV does", () => {
    const rows = [
      { symbol: "A", latestValue: null, note: "x" },
      { symbol: "B", latestValue: 1.5, note: null },
    ];
    expect(formatResult(rows)).toBe(
      "symbol  latestValue  note\n------  -----------  ----\nA                    x\nB       1.5",
    );
    expect(formatResult({ symbol: "A", latestValue: null })).toBe("symbol       A\nlatestValue");
    expect(formatCsv(rows)).toBe("symbol,latestValue,note\r\nA,,x\r\nB,1.5,\r\n");
  });

  it("prints a record without a table as one header row and one row", () => {
    expect(formatCsv({ symbol: "A", dataCoverage: { contributors: 3 }, reasons: ["x", "y"] })).toBe(
      "symbol,dataCoverage.contributors,reasons\r\nA,3,x; y\r\n",
    );
  });
});

describe("service strings lose control characters in text and CSV, not in JSON", () => {
  const extraIndexes = [
    { symbol: HOSTILE_SYMBOL, hub: "EVIL\u001b[5m", grade: "X", leadTime: "1x1", description: HOSTILE, isActive: true },
  ];
  const ref = useReferenceService("newer", { extraIndexes });
  const base = () => ["--base-url", ref.service.url];

  it("list as a table and as CSV", async () => {
    const [table, csv] = await Promise.all([runCli(["list", ...base()]), runCli(["list", "--csv", ...base()])]);
    expect(ref.service.requests.filter((r) => r.path === "/api/v1/indexes" && r.status === 200)).toHaveLength(2);
    expect(table.code).toBe(0);
    expect(table.stdout).not.toMatch(ANY_CONTROL);
    expect(table.stdout).toMatch(
      new RegExp(`^${HOSTILE_SYMBOL}\\s+EVIL\\s+X\\s+1x1\\s+${HOSTILE_STRIPPED.replace(/[()"]/g, "\\$&")}`, "m"),
    );
    expect(csv.stdout.replace(/\r\n/g, "")).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(csv.stdout).toContain(`\r\n${HOSTILE_SYMBOL},EVIL,X,1x1,"Red, ""quoted"" line1line2C1end",`);
  });

  it("keeps the exact service text in --json, where JSON escapes it", async () => {
    const run = await runCli(["list", "--json", ...base()]);
    const entry = (JSON.parse(run.stdout) as { symbol: string; description: string }[]).find(
      (e) => e.symbol === HOSTILE_SYMBOL,
    );
    expect(entry?.description).toBe(HOSTILE);
    expect(run.stdout).not.toContain("\u001b");
  });
});

describe("an error message from a hostile service", () => {
  let server: Server;
  let url = "";
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request.url ?? "");
      response.writeHead(500, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          statusCode: 500,
          code: "BOOM",
          message: "\u009b2J\u009b31mdisk on fire\u009b0m\u0090evil\u009c",
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("prints the message without control characters or escape sequences", async () => {
    const run = await runCli(["latest", FLAGSHIP, "--base-url", url]);
    expect(seen).toContain(`/api/v1/index/${FLAGSHIP}/latest`);
    expect(run).toEqual(
      failed(1, "index-data: disk on fire. The service failed; try again later, and report it if it persists.\n"),
    );
  });
});

describe("fault messages in the terminal's own words", () => {
  const ref = useReferenceService("newer");
  const base = () => ["--base-url", ref.service.url];
  const cellMessage = async (args: unknown[]) =>
    (
      (await indexHistory(
        { source: new DirectSource(ref.client), caps: { formattedNumbers: false } },
        args,
      )) as CellError
    ).message;

  it("an unknown symbol points at the list command, not at INDEX.LIST()", async () => {
    const run = await runCli(["history", "RTM-NOPE-Z-9x9", ...base()]);
    expect(
      ref.service.requests.some((r) => r.path.startsWith("/api/v1/index/RTM-NOPE-Z-9x9/history") && r.status === 404),
    ).toBe(true);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "index-data: unknown index 'RTM-NOPE-Z-9x9': check the symbol (`index-data list` shows every index; symbols are case-sensitive)\n",
    );
  });

  it("a symbol in the wrong case gets the catalogue's spelling", async () => {
    const run = await runCli(["latest", FLAGSHIP.toLowerCase(), ...base()]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `index-data: unknown index '${FLAGSHIP.toLowerCase()}'; symbols are case-sensitive: did you mean '${FLAGSHIP}'?\n`,
    );
  });

  it.each(["503", "500"] as const)(
    "a %s from the service: the service's words and advice, as in a cell",
    async (fault) => {
      ref.service.faults.failNext(fault, 1, `/api/v1/index/${FLAGSHIP}/history`);
      const run = await runCli(["history", FLAGSHIP, ...base()]);
      expect(ref.service.requests.at(-1)?.status).toBe(Number(fault));
      ref.service.faults.failNext(fault, 1, `/api/v1/index/${FLAGSHIP}/history`);
      const cell = await cellMessage([FLAGSHIP]);
      expect(ref.service.requests.at(-1)?.status).toBe(Number(fault));
      expect(run).toEqual(failed(1, `index-data: ${cell}\n`));
    },
  );

  it("a 429 with Retry-After says when, without the sheet's Refresh", async () => {
    ref.service.faults.failNext("429", 1, `/api/v1/index/${FLAGSHIP}/latest`);
    const run = await runCli(["latest", FLAGSHIP, ...base()]);
    expect(ref.service.requests.at(-1)?.status).toBe(429);
    expect(run.stderr).toMatch(/^index-data: rate limited by the service; try again in \d+ s\n$/);
  });

  it("a 429 without Retry-After and a refused key name the options to use", async () => {
    ref.service.faults.failNext("429-no-retry-after", 1, `/api/v1/index/${FLAGSHIP}/latest`);
    const limited = await runCli(["latest", FLAGSHIP, ...base()]);
    expect(ref.service.requests.at(-1)?.status).toBe(429);
    expect(limited.stderr).toBe(
      "index-data: Rate limit exceeded (injected by the test harness). Too many requests for this tier; try again in a minute, or pass --api-key for a higher limit.\n",
    );
    const refused = await runCli(["latest", FLAGSHIP, "--api-key", "not-a-demo-key", ...base()]);
    expect(ref.service.requests.at(-1)?.status).toBe(401);
    expect(refused.stderr).toMatch(
      /^index-data: the service refused the API key \(.+\): check --api-key \(or INDEX_API_KEY\), or leave it out to use the anonymous tier\n$/,
    );
    expect(refused.stderr).not.toContain("not-a-demo-key");
  });
});
