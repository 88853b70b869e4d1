import type { IndexSummary, LatestFix } from "@index-data/wire";

/**
 * The card's properties as data: one row per property (label a trader reads, the source field it shows,
 * the kind of value, and the section of the card it sits in). INDEX.CARD, the preview and `index-data card`
 * all read this one table, so names and order agree everywhere.
 */

/** What a card is built from: the latest fix as served, and the catalogue's entry for the symbol when it has one. */
export interface CardRecord {
  readonly fix: LatestFix;
  /** True when the service failed and the fix is the last-known one. */
  readonly stale: boolean;
  readonly entry?: IndexSummary | undefined;
}

/**
 * How a property's value becomes a cell value; the number format is what Excel shows.
 * `price` puts the fix's unit in the format (`0.0000 "USD/kg"`).
 */
export const PROPERTY_KINDS = {
  price: { cell: "Double", numberFormat: "0.0000" },
  date: { cell: "FormattedNumber", numberFormat: "yyyy-mm-dd" },
  score: { cell: "Double", numberFormat: "0" },
  count: { cell: "Double", numberFormat: "#,##0" },
  mass: { cell: "Double", numberFormat: '#,##0 "kg"' },
  share: { cell: "Double", numberFormat: "0.0%" },
  text: { cell: "String" },
  flag: { cell: "Boolean" },
} as const;
type PropertyKind = keyof typeof PROPERTY_KINDS;

/** The card's sections, in the order a trader reads: the number and its date, its quality, its coverage, the index. */
export const CARD_SECTIONS = ["Fix", "Quality", "Coverage", "Index"] as const;
type CardSection = (typeof CARD_SECTIONS)[number];

/** Where a property's value comes from: `fix.<field>`, `fix.dataCoverage.<field>`, `entry.<field>` or `served.stale`. */
type SourceField = string;

export interface CardProperty {
  readonly label: string;
  readonly source: SourceField;
  readonly kind: PropertyKind;
  readonly section: CardSection;
  /**
   * "formulas": an alias that formulas read (`=A1.Price`) but the card does not show twice; Excel leaves it out of
   * the card view (propertyMetadata.excludeFrom.cardView). @default "card"
   */
  readonly shown?: "card" | "formulas";
}

/** Every property of the card, in display order. A property whose source the service did not send is left out. */
export const CARD_PROPERTIES: readonly CardProperty[] = [
  { label: "Value", source: "fix.value", kind: "price", section: "Fix" },
  // A trader writes =A1.Price, as on Excel's Stocks type; the card shows the figure once, as Value.
  { label: "Price", source: "fix.value", kind: "price", section: "Fix", shown: "formulas" },
  { label: "As of", source: "fix.asOf", kind: "date", section: "Fix" },
  { label: "Unit", source: "fix.unit", kind: "text", section: "Fix" },
  { label: "Currency", source: "fix.currency", kind: "text", section: "Fix" },
  { label: "Confidence", source: "fix.confidence", kind: "score", section: "Quality" },
  { label: "Status", source: "fix.status", kind: "text", section: "Quality" },
  { label: "Publication mode", source: "fix.publicationMode", kind: "text", section: "Quality" },
  { label: "Carried forward from", source: "fix.carriedForwardFrom", kind: "date", section: "Quality" },
  { label: "Derivation method", source: "fix.derivationMethod", kind: "text", section: "Quality" },
  { label: "Methodology version", source: "fix.methodologyVersion", kind: "text", section: "Quality" },
  { label: "Last-known value", source: "served.stale", kind: "flag", section: "Quality" },
  { label: "Symbol", source: "fix.symbol", kind: "text", section: "Index" },
  { label: "Name", source: "entry.description", kind: "text", section: "Index" },
  { label: "Region", source: "entry.hub", kind: "text", section: "Index" },
  { label: "Grade", source: "entry.grade", kind: "text", section: "Index" },
  { label: "Tenor", source: "entry.leadTime", kind: "text", section: "Index" },
  { label: "Active", source: "entry.isActive", kind: "flag", section: "Index" },
  { label: "Provider", source: "provider", kind: "text", section: "Index" },
];

/** The nested "Data coverage" entity's properties, in display order. */
export const COVERAGE_LABEL = "Data coverage";
export const COVERAGE_PROPERTIES: readonly CardProperty[] = [
  { label: "Contributors", source: "fix.dataCoverage.contributors", kind: "count", section: "Coverage" },
  { label: "Executed trades", source: "fix.dataCoverage.executedTrades", kind: "count", section: "Coverage" },
  { label: "Firm quotes", source: "fix.dataCoverage.firmQuotes", kind: "count", section: "Coverage" },
  { label: "Indicatives", source: "fix.dataCoverage.indicatives", kind: "count", section: "Coverage" },
  { label: "Total mass (kg)", source: "fix.dataCoverage.totalMassKg", kind: "mass", section: "Coverage" },
  {
    label: "Top contributor share",
    source: "fix.dataCoverage.topContributorShare",
    kind: "share",
    section: "Coverage",
  },
];

/** The service named as the card's provider. */
export const PROVIDER_NAME = "Index Data Service";

/** How a card marks a fix served from last-known values (the service failed): the "Last-known value" property's name. */
export const STALE_MARK = "last-known value";

/** Every label `fields` may name: the top-level properties and the coverage entity. */
export const CARD_LABELS: readonly string[] = [...CARD_PROPERTIES.map((p) => p.label), COVERAGE_LABEL];

/**
 * The value at a source field: `undefined` when the service did not send it (the property is left out),
 * `null` when it was sent empty (a fresh value's carriedForwardFrom: an empty property).
 */
export function readSource(record: CardRecord, source: SourceField): unknown {
  const root: Record<string, unknown> = {
    fix: record.fix,
    entry: record.entry,
    served: { stale: record.stale },
    provider: PROVIDER_NAME,
  };
  let value: unknown = root;
  for (const key of source.split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
