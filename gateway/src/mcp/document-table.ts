import type { DataOf } from "@index-data/wire";

/**
 * The documents an agent may read, through the same cache as the tools. Each is read as a list of items (the
 * catalogue's entries, the methodology's parts) a page at a time, each page as long as the answer's room holds.
 */
export const DOCUMENTS = [
  {
    name: "methodology",
    uri: "index-data://methodology",
    resource: "methodology",
    description:
      "The index methodology, a part per item: product definition, calculation, normalisation, confidence scoring.",
    items: (data: DataOf<"methodology">): unknown[] => Object.entries(data).map(([part, value]) => ({ part, value })),
  },
  {
    name: "catalogue",
    uri: "index-data://catalogue",
    resource: "listIndexes",
    description:
      "Every published index, an entry per item: symbol, hub, grade, lead time, description, whether active, latest value.",
    items: (data: DataOf<"listIndexes">): unknown[] => [...data],
  },
] as const;
