import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { RateLedger } from "@index-data/wire";
import { MemoryStore } from "../../gateway/src/store/memory-store";
import { RedisStore } from "../../gateway/src/store/redis-store";
import { ReplicaStore } from "../../gateway/src/store/replica-store";
import { BUDGET_SCRIPT } from "../../gateway/src/store/redis-scripts";

/*
 * The rate rule has one word per verb on each side of its seam: the TypeScript rule (RateLedger), the gateway's
 * stores and the Lua twin call taking, learning, recording, the estimate and the snapshot by the same names, so a
 * reader follows one verb from the engine to Redis without a dictionary.
 */
const REPO = join(__dirname, "..", "..");
const SOURCES = ["packages/wire/src", "gateway/src", "src/engine"];
/** The names the verbs had before they had one each, and the aliases that hid one type under two names. */
const RETIRED =
  /\b(observeBudget|sendsEta|sendsEtaMs|takeSends|recordSends|budgetNow|budgetHandover|BudgetRules|BudgetSnapshot|estimateWaitMs)\b|\.etaMs\(|\b(budget|rule|dispatch)\.observe\(/;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(REPO, folder), { recursive: true, encoding: "utf8" })
    .map((file) => file.split("\\").join("/"))
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => `${folder}/${file}`);
}

/** The verbs the Lua script answers to, read from its dispatch. */
function luaVerbs(script: string): string[] {
  return [...script.matchAll(/verb == '(\w+)'/g)].map((match) => match[1] ?? "");
}

function methodsOf(prototype: object): string[] {
  return Object.getOwnPropertyNames(prototype);
}

describe("the rate rule's vocabulary", () => {
  it("leaves no retired name in the rule, the gateway or the engine", () => {
    const found = SOURCES.flatMap(sourceFiles).flatMap((file) =>
      readFileSync(join(REPO, file), "utf8")
        .split("\n")
        .flatMap((line, index) => (RETIRED.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("names each Lua verb as the rule and the Redis store name their methods", () => {
    const verbs = luaVerbs(BUDGET_SCRIPT);
    expect(verbs).toEqual(["take", "learn", "record", "eta", "snapshot"]);
    expect(verbs.filter((verb) => !methodsOf(RateLedger.prototype).includes(verb))).toEqual([]);
    expect(verbs.filter((verb) => !methodsOf(RedisStore.prototype).includes(verb))).toEqual([]);
  });

  it("gives every store the same verbs for the budget", () => {
    const storeVerbs = ["take", "learn", "eta", "snapshot"];
    for (const store of [MemoryStore, RedisStore, ReplicaStore])
      expect(storeVerbs.filter((verb) => !methodsOf(store.prototype).includes(verb))).toEqual([]);
  });

  it("hands the Lua twin its figures as one named argument, under the TypeScript names", () => {
    expect(BUDGET_SCRIPT).toContain("cjson.decode(ARGV[2])");
    expect(BUDGET_SCRIPT).not.toMatch(/ARGV\[(?:[3-9]|\d\d)\]/);
    for (const name of ["windowMs", "assumedLimit", "marginMs", "retryAfterMs", "sentSeq"])
      expect(BUDGET_SCRIPT).toContain(`.${name}`);
  });

  it("finds a retired name planted in a line", () => {
    expect(RETIRED.test("await store.observeBudget(now, reading);")).toBe(true);
    expect(RETIRED.test("return this.ledger.etaMs(now, 1);")).toBe(true);
    expect(RETIRED.test("await store.learn(now, reading);")).toBe(false);
  });
});
