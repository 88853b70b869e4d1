import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { BenchmarkHealthWire } from "@index-data/wire/resources/benchmark-health";
import { CapacityMetricsWire } from "@index-data/wire/resources/capacity";
import { ForwardCurveWire } from "@index-data/wire/resources/forward";
import { HealthWire } from "@index-data/wire/resources/health";
import { HistoryWire } from "@index-data/wire/resources/history";
import { IndexListWire } from "@index-data/wire/resources/indexes";
import { LatestFixWire } from "@index-data/wire/resources/latest";
import { MethodologyWire } from "@index-data/wire/resources/methodology";
import { SystemStatusWire } from "@index-data/wire/resources/system-status";
import { VolatilityWire } from "@index-data/wire/resources/volatility";

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
