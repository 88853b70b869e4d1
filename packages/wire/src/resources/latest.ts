import { z } from "zod";
import { resource, trimmedSymbol, TTL } from "./resource";
import {
  CarriedForwardFromWire,
  Confidence,
  DataCoverageWire,
  Price,
  Timestamp,
  newerOnly,
  presentFields,
  sentFields,
  type DataCoverage,
  ServiceText,
  NonEmptyServiceText,
} from "./shapes";

/** GET /api/v1/index/{symbol}/latest: the latest fix. */
export const LatestFixWire = z.looseObject({
  symbol: NonEmptyServiceText,
  value: Price,
  currency: ServiceText,
  unit: ServiceText,
  asOf: Timestamp,
  confidence: Confidence,
  status: ServiceText,
  methodologyVersion: ServiceText,
  derivationMethod: newerOnly(ServiceText),
  publicationMode: newerOnly(ServiceText),
  carriedForwardFrom: CarriedForwardFromWire,
  dataCoverage: DataCoverageWire,
});
export type LatestFixWire = z.output<typeof LatestFixWire>;

export interface LatestFix {
  readonly symbol: string;
  readonly value: number;
  readonly currency: string;
  readonly unit: string;
  readonly asOf: string;
  readonly confidence: number;
  readonly status: string;
  readonly methodologyVersion: string;
  /** Newer description only: absent when the service does not send it. */
  readonly derivationMethod?: string;
  readonly publicationMode?: string;
  /** Newer description only. `null`: sent, and the value is fresh. Absent: not sent by this service. */
  readonly carriedForwardFrom?: string | null;
  readonly dataCoverage: DataCoverage;
}

export function toLatestFix(wire: LatestFixWire): LatestFix {
  return {
    symbol: wire.symbol,
    value: wire.value,
    currency: wire.currency,
    unit: wire.unit,
    asOf: wire.asOf,
    confidence: wire.confidence,
    status: wire.status,
    methodologyVersion: wire.methodologyVersion,
    ...presentFields(wire, ["derivationMethod", "publicationMode"]),
    ...sentFields(wire, ["carriedForwardFrom"]),
    dataCoverage: wire.dataCoverage,
  };
}

/** GET /api/v1/index/{symbol}/latest: a new fix should show within a recalculation or two. */
export const LATEST = resource({
  path: "/api/v1/index/{symbol}/latest",
  subject: { what: "latest fix" },
  wire: LatestFixWire,
  toData: (wire: LatestFixWire, _args: [symbol: string]) => toLatestFix(wire),
  ttls: { latest: 30 * TTL.SECOND },
  canonical: trimmedSymbol,
  key: ([symbol]) => `latest|${symbol}`,
});
