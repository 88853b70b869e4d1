/** The documents an agent may read whole: the methodology and the catalogue, through the same cache as the tools. */
export const DOCUMENTS = [
  {
    name: "methodology",
    uri: "index-data://methodology",
    resource: "methodology",
    description: "The index methodology: product definition, calculation, normalisation and confidence scoring.",
  },
  {
    name: "catalogue",
    uri: "index-data://catalogue",
    resource: "listIndexes",
    description: "Every published index: symbol, hub, grade, lead time, description, whether active, latest value.",
  },
] as const;
