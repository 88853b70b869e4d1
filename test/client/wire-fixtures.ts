import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { BenchmarkHealthWire } from "../../src/wire/resources/benchmark-health";
import { CapacityMetricsWire } from "../../src/wire/resources/capacity";
import { ForwardCurveWire } from "../../src/wire/resources/forward";
import { HealthWire } from "../../src/wire/resources/health";
import { HistoryWire } from "../../src/wire/resources/history";
import { IndexListWire } from "../../src/wire/resources/indexes";
import { LatestFixWire } from "../../src/wire/resources/latest";
import { MethodologyWire } from "../../src/wire/resources/methodology";
import { SystemStatusWire } from "../../src/wire/resources/system-status";
import { VolatilityWire } from "../../src/wire/resources/volatility";

/** Wire schema per fixture resource name (the first dotted part of a fixture's file name, after `error.`). */
export const SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  indexes: IndexListWire,
  latest: LatestFixWire,
  history: HistoryWire,
  volatility: VolatilityWire,
  forward: ForwardCurveWire,
  capacity: CapacityMetricsWire,
  "benchmark-health": BenchmarkHealthWire,
  "system-status": SystemStatusWire,
  health: HealthWire,
  methodology: MethodologyWire,
};

export const FLAVORS = ["newer", "older"] as const;
export type Flavor = (typeof FLAVORS)[number];

export interface WireFixture {
  readonly flavor: Flavor;
  readonly file: string;
  readonly resource: string;
  /** Named `error.*`: must fail validation. */
  readonly mustFail: boolean;
  readonly body: unknown;
}

const ROOT = join(__dirname, "..", "fixtures", "wire");

export function wireFixtures(): WireFixture[] {
  return FLAVORS.flatMap((flavor) =>
    readdirSync(join(ROOT, flavor))
      .filter((file) => file.endsWith(".json"))
      .sort()
      .map((file) => {
        const mustFail = file.startsWith("error.");
        const resource = (mustFail ? file.slice("error.".length) : file).split(".")[0] ?? "";
        const body: unknown = JSON.parse(readFileSync(join(ROOT, flavor, file), "utf8"));
        return { flavor, file, resource, mustFail, body };
      }),
  );
}

export function loadWire(flavor: Flavor, file: string): unknown {
  return JSON.parse(readFileSync(join(ROOT, flavor, file), "utf8"));
}

/** A latest fix as the older description sends it (no newer-only fields), for hand-made servers to answer with. */
export const LATEST_FIX = loadWire("older", "latest.json") as LatestFixWire & Readonly<Record<string, unknown>>;
