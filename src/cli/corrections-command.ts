import { faultOf } from "@index-data/wire";
import { DAY_MS, startOfUtcDay } from "@index-data/wire/time";
import type { Correction } from "../client";
import { CORRECTIONS_DEFAULT_DAYS, parseDateArgument } from "../formulas";
import type { CliArgs } from "./args";
import type { CliEnv } from "./command-context";
import { ServiceFailure } from "./service-call";
import { TERMINAL_WORDING } from "./terminal-wording";
import { symbolArgument, withExcelRules } from "./usage";

/** A correction as the terminal shows it: one flat row, the columns of INDEX.CORRECTIONS' spill. */
export interface CorrectionRecord {
  readonly date: string;
  readonly was: number;
  readonly wasStatus: string;
  readonly now: number;
  readonly nowStatus: string;
  readonly seenChanged: string;
  readonly firstSeen: string;
}

/**
 * corrections <symbol> [SINCE] [--start DATE]: INDEX.CORRECTIONS' list from the desk gateway's archive (the command
 * line keeps nothing it was served, so only a gateway, `--gateway`, has what was first seen). SINCE as the function
 * takes it; default the last 30 days.
 */
export async function runCorrections(env: CliEnv, args: CliArgs, now: Date): Promise<CorrectionRecord[]> {
  const symbol = symbolArgument(args.positionals, "corrections");
  const since = args.start ?? args.positionals[1];
  const given = args.start === undefined && since !== undefined ? { since: "SINCE" } : { since: "--start" };
  const sinceMs =
    withExcelRules(() => parseDateArgument(since, "since", now), given)?.ms ??
    startOfUtcDay(now.getTime()) - CORRECTIONS_DEFAULT_DAYS * DAY_MS;
  const read = env.source.corrections?.bind(env.source);
  if (read === undefined) throw new ServiceFailure("corrections: this source keeps no corrections.");
  try {
    return (await read(symbol, sinceMs)).map(recordOf).sort((a, b) => a.date.localeCompare(b.date));
  } catch (error) {
    const subject = { symbol, what: "corrections" };
    const fault = faultOf(error, subject);
    throw new ServiceFailure(TERMINAL_WORDING[fault.kind](fault, subject), fault.kind === "bad-request");
  }
}

function recordOf({ date, was, now }: Correction): CorrectionRecord {
  return {
    date,
    was: was.value,
    wasStatus: was.status,
    now: now.value,
    nowStatus: now.status,
    seenChanged: now.seenAt,
    firstSeen: was.seenAt,
  };
}
