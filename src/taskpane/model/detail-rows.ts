import type { CapacityMetrics, DataCoverage, LatestFix, Volatility } from "@index-data/wire";
import type { FieldRow } from "../components/FieldList/FieldList.types";
import { formatCount, formatFraction, formatNumber, formatText, formatTimestamp, formatValueWithUnit } from "./format";

/**
 * Carried forward: `null` means the service says the value is fresh; absent means this service's
 * description does not say at all, which must not read as "fresh".
 */
export function carriedForwardText(carriedForwardFrom: string | null | undefined): string | undefined {
  if (carriedForwardFrom === undefined) return undefined;
  if (carriedForwardFrom === null) return "No, a fresh value";
  return `Yes, carried forward from ${formatTimestamp(carriedForwardFrom)}`;
}

export function latestFixRows(fix: LatestFix): FieldRow[] {
  return [
    { label: "Value", value: formatValueWithUnit(fix.value, fix.unit) },
    { label: "As of", value: formatTimestamp(fix.asOf) },
    { label: "Confidence", value: formatNumber(fix.confidence) },
    { label: "Status", value: formatText(fix.status) },
    { label: "Methodology", value: formatText(fix.methodologyVersion) },
    { label: "Derivation", value: fix.derivationMethod },
    { label: "Publication", value: fix.publicationMode },
    { label: "Carried forward", value: carriedForwardText(fix.carriedForwardFrom) },
  ];
}

export function coverageRows(coverage: DataCoverage): FieldRow[] {
  return [
    { label: "Contributors", value: formatCount(coverage.contributors) },
    { label: "Executed trades", value: formatCount(coverage.executedTrades) },
    { label: "Firm quotes", value: formatCount(coverage.firmQuotes) },
    { label: "Indicatives", value: formatCount(coverage.indicatives) },
    { label: "Total mass", value: `${formatNumber(coverage.totalMassKg)} kg` },
    { label: "Top contributor share", value: formatFraction(coverage.topContributorShare) },
  ];
}

function optional<T>(value: T | undefined, format: (v: T) => string): string | undefined {
  return value === undefined ? undefined : format(value);
}

export function capacityRows(capacity: CapacityMetrics): FieldRow[] {
  return [
    { label: "Booked", value: `${formatNumber(capacity.bookedKg)} kg` },
    { label: "Available", value: `${formatNumber(capacity.availableKg)} kg` },
    { label: "Fill ratio", value: formatFraction(capacity.fillRatio) },
    { label: "Contributors", value: formatCount(capacity.contributors) },
    { label: "Average lead time", value: `${formatNumber(capacity.avgLeadTimeDays)} days` },
    { label: "Model version", value: capacity.modelVersion },
    { label: "Model horizon", value: optional(capacity.horizonDays, (d) => `${formatNumber(d)} days`) },
    { label: "Fill ratio source", value: capacity.fillRatioSource },
    { label: "Recorded at", value: optional(capacity.recordedAt, formatTimestamp) },
  ];
}

export function volatilityRows(volatility: Volatility): FieldRow[] {
  return [
    { label: "Annualized volatility", value: formatFraction(volatility.annualizedVol) },
    { label: "Window", value: `${formatCount(volatility.windowDays)} days` },
    { label: "Data points", value: formatCount(volatility.dataPoints) },
    { label: "Window start", value: optional(volatility.startDate, formatTimestamp) },
    { label: "Window end", value: optional(volatility.endDate, formatTimestamp) },
  ];
}
