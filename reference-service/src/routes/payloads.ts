import { dayToTimestamp } from "../dataset/calendar";
import type { IndexDefinition } from "../dataset/definitions";
import { methodologyVersionOn } from "../dataset/methodology";
import type { PublishedObservation } from "../restatements";
import type { PublishedFix } from "../state";
import type { Flavor } from "../tiers";

/**
 * Response bodies. Fields of one description only are left out of the other one entirely (absent,
 * never null), as the two published descriptions do.
 */

/** The three provenance fields of the newer description. */
function provenance(observation: PublishedObservation) {
  return {
    derivationMethod: observation.derivationMethod,
    publicationMode: observation.publicationMode,
    carriedForwardFrom: observation.carriedForwardFrom === null ? null : dayToTimestamp(observation.carriedForwardFrom),
  };
}

export function historyPointBody(observation: PublishedObservation, flavor: Flavor) {
  const base = {
    date: dayToTimestamp(observation.day),
    value: observation.value,
    confidence: observation.confidence,
    status: observation.status,
  };
  return flavor === "newer" ? { ...base, ...provenance(observation) } : base;
}

/** A latest fix; a fix published at run time replaces the value and time and counts as fresh and FIRM. */
export function latestFixBody(
  definition: IndexDefinition,
  observation: PublishedObservation,
  published: PublishedFix | undefined,
  flavor: Flavor,
) {
  const effective: PublishedObservation = published
    ? { ...observation, status: "FIRM", derivationMethod: "DIRECT", publicationMode: "FRESH", carriedForwardFrom: null }
    : observation;
  const base = {
    symbol: definition.symbol,
    value: published?.value ?? observation.value,
    currency: "USD",
    unit: "USD/kg",
    asOf: published?.asOf ?? dayToTimestamp(observation.day),
    confidence: effective.confidence,
    status: effective.status,
    methodologyVersion: methodologyVersionOn(observation.day),
  };
  const coverage = { dataCoverage: { ...observation.coverage } };
  return flavor === "newer" ? { ...base, ...provenance(effective), ...coverage } : { ...base, ...coverage };
}

export function indexSummaryBody(
  definition: IndexDefinition,
  latest: PublishedObservation | null,
  published: PublishedFix | undefined,
) {
  return {
    symbol: definition.symbol,
    hub: definition.hub,
    grade: definition.grade,
    leadTime: definition.leadTime,
    description: definition.description,
    isActive: definition.isActive,
    // An index without data has no latest value: null, as a real service sends.
    latestValue: latest === null ? null : (published?.value ?? latest.value),
    latestAsOf: latest === null ? null : (published?.asOf ?? dayToTimestamp(latest.day)),
  };
}
