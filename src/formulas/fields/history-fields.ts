import type { HistoryPoint } from "@index-data/wire";
import type { FieldTable } from "./field-table";

/** The extra columns INDEX.HISTORY can add after date and value. */
export const HISTORY_EXTRA_FIELDS = {
  confidence: { read: (p) => p.confidence },
  status: { read: (p) => p.status },
  publicationMode: { read: (p) => p.publicationMode },
  derivationMethod: { read: (p) => p.derivationMethod },
  carriedForwardFrom: { read: (p) => p.carriedForwardFrom, timestamp: true },
} as const satisfies FieldTable<HistoryPoint, string>;

export type HistoryExtraField = keyof typeof HISTORY_EXTRA_FIELDS;
