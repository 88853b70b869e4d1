import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { FLAGSHIP, useReferenceService } from "../contract/reference";
import { runCli } from "./run-cli";

/**
 * Unicode's directional controls reorder what a terminal shows: "\u202Eevil.exe" prints backwards, so a
 * service could make a line read as something it is not. The CLI's text and CSV output drop them, as they drop
 * control characters (src/client/errors/service-text.ts owns the rule); --json escapes them, losing nothing.
 */
const BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];
const MARKS = ["\u200e", "\u200f", "\u061c"];
const ANY_BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const HOSTILE = `Brent ${[...BIDI, ...MARKS].join("")}fdp.exe`;

/** Serves the reference service's own answers with directional controls added to their text. */
function hostileService(upstream: string): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    seen.push(path);
    void fetch(`${upstream}${path}`)
      .then(async (answer) => {
        const body = (await answer.json()) as Record<string, unknown>;
        if (Array.isArray(body["indexes"]))
          body["indexes"] = (body["indexes"] as Record<string, unknown>[]).map((row) =>
            row["symbol"] === FLAGSHIP ? { ...row, description: HOSTILE, hub: `\u202eEWN` } : row,
          );
        else if (answer.ok) Object.assign(body, { unit: `USD/\u202ekg`, status: HOSTILE });
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      })
      .catch(() => response.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }),
    ),
  );
}

describe("directional controls in service text", () => {
  const ref = useReferenceService("newer");
  let hostile: Awaited<ReturnType<typeof hostileService>>;
  beforeAll(async () => {
    hostile = await hostileService(ref.service.url);
  });
  afterAll(() => new Promise<void>((resolve) => hostile.server.close(() => resolve())));
  const base = () => ["--base-url", hostile.url];

  it.each([
    ["list", ["list"], "/api/v1/indexes"],
    ["latest", ["latest", FLAGSHIP], `/api/v1/index/${FLAGSHIP}/latest`],
    ["card", ["card", FLAGSHIP], `/api/v1/index/${FLAGSHIP}/latest`],
  ])("never reach the terminal from %s, as a table or as CSV", async (_name, command, path) => {
    const [table, csv] = await Promise.all([runCli([...command, ...base()]), runCli([...command, "--csv", ...base()])]);
    expect(hostile.seen.filter((seen) => seen === path).length).toBeGreaterThanOrEqual(2);
    expect(table.code).toBe(0);
    expect(csv.code).toBe(0);
    expect(table.stdout).toContain("Brent fdp.exe");
    expect(table.stdout).not.toMatch(ANY_BIDI);
    expect(csv.stdout).not.toMatch(ANY_BIDI);
  });

  it("are kept, escaped, in --json", async () => {
    const run = await runCli(["latest", FLAGSHIP, "--json", ...base()]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(ANY_BIDI);
    expect((JSON.parse(run.stdout) as { status: string }).status).toBe(HOSTILE);
  });
});
