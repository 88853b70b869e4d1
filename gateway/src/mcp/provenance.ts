import type { HistoryPoint, LatestFix, ResourceName } from "@index-data/wire";
import type { ReadValue } from "./resource-reader";
import type { Provenance } from "./outputs";

/** A fix's provenance: as-of, confidence, status, and the carried-from date (null when fresh or not said). */
export function provenanceOf(fix: LatestFix): Provenance {
  return pointProvenance({ ...fix, date: fix.asOf });
}

/** A history point's provenance: its own date, confidence, status and carried-from date. */
export function pointProvenance(
  point: Pick<HistoryPoint, "date" | "confidence" | "status" | "carriedForwardFrom">,
): Provenance {
  return {
    asOf: point.date,
    confidence: point.confidence,
    status: point.status,
    carriedForwardFrom: point.carriedForwardFrom ?? null,
  };
}

/** Provenance where the service publishes only a date. */
export function datedOnly(asOf: string | undefined): Provenance {
  return { asOf: asOf ?? null, confidence: null, status: null, carriedForwardFrom: null };
}

/** How the gateway served a read, for a tool's `served`. */
export function servedOf(read: ReadValue<ResourceName>): {
  cache: ReadValue<ResourceName>["how"];
  fetchedAt: string;
  resource: string;
} {
  return { cache: read.how, fetchedAt: new Date(read.fetchedAt).toISOString(), resource: read.path };
}

/** The fields `fields` declares (schemas.ts: PASSED_ON) of a service's answer, as they are: what a tool passes on. */
export function passOn<T, K extends keyof T & string>(
  from: T,
  fields: { readonly shape: Readonly<Record<K, unknown>> },
): Pick<T, K> {
  return Object.fromEntries(Object.keys(fields.shape).map((key) => [key, from[key as K]])) as Pick<T, K>;
}
