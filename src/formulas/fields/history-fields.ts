import type { HistoryPoint } from "@index-data/wire";
import { ownFields } from "./field-table";

/** The extra columns INDEX.HISTORY can add after date and value. */
export const HISTORY_EXTRA_FIELDS = ownFields<HistoryPoint>()(
  ["confidence", "status", "publicationMode", "derivationMethod", "carriedForwardFrom"],
  ["carriedForwardFrom"],
);

export type HistoryExtraField = keyof typeof HISTORY_EXTRA_FIELDS;
