/** Indexes of the reference service's default dataset that tests single out, each for what makes it special. */

/** The flagship: the benchmark's headline index, listed since 2022 (the dataset's FLAGSHIP_SYMBOL). */
export const FLAGSHIP = "RTM-NWE-A-1x3";
/** A symbol with a dot, which must survive URL building unescaped. */
export const DOTTED = "RTM-USG.B-2x4";
/** Listed but no longer active: discontinued after 28 June 2024, so no recent history. */
export const INACTIVE = "RTM-BAL-C-1x3";
/** Listed and active, first fix not yet published: no data at all. */
export const NO_DATA = "RTM-CHN-A-1x3";
/** Launched 20 days before the service's today: a few weeks of history. */
export const YOUNG = "RTM-IND-B-2x4";
