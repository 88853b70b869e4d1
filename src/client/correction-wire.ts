import { z } from "zod";

/**
 * A correction: a day the service published again differently, with what was first seen of it and what is said now.
 * The desk gateway's archive answers these at `GET /gateway/corrections` (docs/corrections.md); without a gateway the
 * engine finds them itself from what this workbook saw. Both give this one shape.
 */
const SeenWire = z.looseObject({
  value: z.number().finite(),
  status: z.string(),
  /** ISO 8601: when it was first (was) or newly (now) seen. */
  seenAt: z.string().min(1),
});

const CorrectionWire = z.looseObject({
  symbol: z.string().min(1),
  /** `YYYY-MM-DD`. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  was: SeenWire,
  now: SeenWire,
});

/** The gateway's answer at `/gateway/corrections`. */
export const CorrectionsWire = z.looseObject({ corrections: z.array(CorrectionWire) });

export type { Correction, SeenValue } from "@index-data/wire";
