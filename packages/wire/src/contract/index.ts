/**
 * The service contract shared by the add-in (src/client and up) and reference-service: constants and shapes
 * both sides must agree on. The bottom layer beside src/time: it imports nothing of ours.
 */
export { type CatalogueEntry } from "./catalogue";
export { CorrectionSchema, SeenValueSchema, type Correction, type SeenValue } from "./corrections";
export { RATE_WINDOW_MS, TIER_LIMITS, WINDOW_DAYS, type DescriptionFlavor, type ServiceTier } from "./limits";
