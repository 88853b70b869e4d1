import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CapacityMetricsWire, toCapacityMetrics, type CapacityMetrics } from "@index-data/wire/resources/capacity";
import { HistoryWire, toHistory, type History } from "@index-data/wire/resources/history";
import { LatestFixWire, toLatestFix, type LatestFix } from "@index-data/wire/resources/latest";

export const FIXTURE_DIR = join(__dirname, "..", "fixtures");

export function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURE_DIR, name), "utf8"));
}

export function fixtureNames(): string[] {
  return readdirSync(FIXTURE_DIR).filter((name) => name.endsWith(".json"));
}

/** Fixtures go through the client's own wire schemas and mappers, as service answers do. */
export function historyFixture(name: string): History {
  return toHistory(HistoryWire.parse(readFixture(name)));
}

export function latestFixture(name: string): LatestFix {
  return toLatestFix(LatestFixWire.parse(readFixture(name)));
}

export function capacityFixture(name: string): CapacityMetrics {
  return toCapacityMetrics(CapacityMetricsWire.parse(readFixture(name)), "RTM-NWE-A-1x3");
}

/** The schema a fixture is for, from its name (`error.latest-…` is a latest fix that must fail). */
export function schemaFor(name: string) {
  const base = name.replace(/^error\./, "");
  if (base.startsWith("history")) return HistoryWire;
  if (base.startsWith("latest")) return LatestFixWire;
  if (base.startsWith("capacity")) return CapacityMetricsWire;
  throw new Error(`no schema for fixture ${name}`);
}
