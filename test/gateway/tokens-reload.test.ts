import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startReferenceService, DEMO_KEYS, type RunningReferenceService } from "../../reference-service/src";
import { parseTokens } from "../../gateway/src/identity/tokens";
import { spawnGateway, type GatewayProcess } from "./support/gateway-process";
import { makeDesk } from "./support/desk";
import { pollUntil } from "./support/poll";
import { useTempFolder } from "../support/temp-folder";

/**
 * Revoking a token must never fail open. A replica runs as the desk runs it (`npm run gateway -- …`, a process of
 * its own); the administrator edits the tokens file and sends SIGHUP.
 */
const desk = makeDesk(["alice", "bob", "carol"]);
const line = (name: string) => `${name}:${desk.entries.find((e) => e.name === name)?.digest.toString("hex") ?? ""}`;

let service: RunningReferenceService;
let replica: GatewayProcess;
let file: string;

beforeAll(async () => {
  service = await startReferenceService();
  file = join(folder(), "tokens.txt");
  writeFileSync(file, desk.file);
  replica = await spawnGateway(["--upstream", service.url, "--port", "0", "--tokens", file], {
    INDEX_GATEWAY_UPSTREAM_KEY: DEMO_KEYS.apiKey,
  });
});
afterAll(async () => {
  await replica.stop();
  await service.close();
});
/** The tokens file the replica reads; removed once it has stopped. */
const folder = useTempFolder("gateway-tokens-");

/** The start lines the admin's guide quotes, each as a pattern: its URLs stand for any URL. */
function guideStartLines(): RegExp[] {
  const guide = readFileSync(join(__dirname, "..", "..", "docs", "gateway.md"), "utf8");
  const block = /<!-- start-lines -->\n```text\n([\s\S]*?)\n```/.exec(guide)?.[1] ?? "";
  return block.split("\n").map((line) => {
    const parts = line.split(/https?:\/\/[^\s;/)]+/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    return new RegExp(`^${parts.join("https?://[^\\s;/)]+")}$`);
  });
}

test("prints the two start lines the admin's guide quotes, in its order", () => {
  const shapes = guideStartLines();
  expect(shapes).toHaveLength(2);
  const printed = replica.output().split("\n").slice(0, shapes.length);
  expect(printed.map((text, i) => shapes[i]?.test(text) ?? false)).toEqual([true, true]);
});

async function statusFor(name: string): Promise<number> {
  const answer = await fetch(`${replica.url}/api/v1/indexes`, { headers: { "x-api-key": desk.tokens[name] ?? "" } });
  return answer.status;
}

async function health(): Promise<Record<string, unknown>> {
  return (await (await fetch(`${replica.url}/gateway/health`)).json()) as Record<string, unknown>;
}

/** Writes the file, sends SIGHUP and waits until the replica says it read it (its `reads`th reading). */
async function reload(text: string, reads: number): Promise<void> {
  writeFileSync(file, text);
  replica.signal("SIGHUP");
  await pollUntil(`reading ${reads} of the tokens file`, () => replica.output().split("Read ").length - 1 >= reads);
}

test("a file with a bad line still applies its good lines: a name that left is refused, the bad line is shown by number", async () => {
  expect(await Promise.all(["alice", "bob", "carol"].map(statusFor))).toEqual([200, 200, 200]);
  const secret = "ab".repeat(31); // a line holding part of a digest: never echoed
  await reload(`# desk\n${line("alice")}\ncarol:${secret}\n`, 1);
  // bob left the file; carol's line no longer reads: neither gets in. alice still does.
  expect(await Promise.all(["alice", "bob", "carol"].map(statusFor))).toEqual([200, 401, 401]);
  const degraded = await health();
  expect(degraded).toMatchObject({ status: "degraded", reasons: ["tokens-file"] });
  expect(degraded["tokensFile"]).toEqual({
    refusedLines: [{ line: 3, problem: "the part after the name must be the token's SHA-256 in hex (64 characters)" }],
  });
  // The refused line is named by number, never by its content (its name, its digest).
  expect(JSON.stringify(degraded["tokensFile"])).not.toContain("carol");
  expect(replica.output()).toContain("refused line 3 (");
  expect(replica.output()).not.toContain(secret);

  await reload(`${line("alice")}\n${line("carol")}\n`, 2);
  expect(await Promise.all(["alice", "bob", "carol"].map(statusFor))).toEqual([200, 401, 200]);
  expect(await health()).toMatchObject({ status: "ok", reasons: [] });
});

test("one token listed under two names lets neither in, at load and on SIGHUP", async () => {
  const digest = line("alice").split(":")[1] ?? "";
  // At start, the file is refused (the gateway does not start), naming the line, never its content.
  expect(() => parseTokens(`alice:${digest}\nmallory:${digest}\n${line("bob")}\n`, "t")).toThrow(
    "t, line 1: one token listed under several names, on lines 1, 2.",
  );
  await reload(`${line("alice")}\nmallory:${digest}\n${line("bob")}\n`, 3);
  expect(await Promise.all(["alice", "bob"].map(statusFor))).toEqual([401, 200]);
  expect(await health()).toMatchObject({ status: "degraded", reasons: ["tokens-file"] });
});
