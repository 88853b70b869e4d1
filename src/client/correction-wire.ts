import { CorrectionSchema } from "@index-data/wire";
import { z } from "zod";

/** The gateway's answer at `GET /gateway/corrections`: corrections in the one shape the wire contract gives them. */
export const CorrectionsWire = z.looseObject({ corrections: z.array(CorrectionSchema) });

export type { Correction, SeenValue } from "@index-data/wire";
