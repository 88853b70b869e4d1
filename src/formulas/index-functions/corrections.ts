import { DAY_MS, dayText, startOfUtcDay } from "@index-data/wire/time";
import type { Correction } from "../../client";
import { subjectOf } from "../../client";
import { parseFlag, parseSymbolList } from "../arguments";
import { notAvailable } from "../cell-error";
import { dateCell, type ExcelCapabilities, type ExcelScalar, type FormulaResult } from "../cells";
import { parseDateArgument } from "../dates";
import { evaluate, today, type FormulaEnv } from "../evaluate";
import { cellErrorFor } from "../service-errors";
import { spillOrEmpty } from "../spill";

/** How far back INDEX.CORRECTIONS looks without `since`: the month the desk's sweep re-reads too. */
export const CORRECTIONS_DEFAULT_DAYS = 30;

const HEADER = ["date", "was", "was status", "now", "now status", "seen changed"] as const;

/**
 * INDEX.CORRECTIONS(symbols, [since], [headers]): the days the service published again differently, one row each:
 * the day, the value and status first seen, the value and status now, and when the change was seen. Behind the desk's
 * gateway they are its archive's; without one, what this workbook saw against one fresh read (the source decides).
 * Several symbols put the symbol first on each row.
 */
export function indexCorrections(
  env: FormulaEnv,
  symbolsArg: unknown,
  sinceArg: unknown,
  headersArg: unknown,
): Promise<FormulaResult> {
  return evaluate(env, "the corrections", () => {
    const symbols = parseSymbolList(symbolsArg, "symbols");
    const now = today(env);
    const sinceMs =
      parseDateArgument(sinceArg, "since", now)?.ms ?? startOfUtcDay(now.getTime()) - CORRECTIONS_DEFAULT_DAYS * DAY_MS;
    const headers = parseFlag(headersArg, "headers", true);
    return async () => {
      const read = env.source.corrections?.bind(env.source);
      if (read === undefined)
        return notAvailable("corrections: this source keeps nothing to compare with; use the add-in or a desk gateway");
      const found = await Promise.all(
        symbols.map((symbol) =>
          read(symbol, sinceMs).catch(async (error: unknown) => {
            throw await cellErrorFor(error, { ...subjectOf("history", [symbol]), what: "corrections" }, env.source);
          }),
        ),
      );
      const several = symbols.length > 1;
      const rows = found.flatMap(byDay).map((correction) => correctionRow(correction, several, env.caps));
      const header = several ? ["symbol", ...HEADER] : [...HEADER];
      return spillOrEmpty(
        rows,
        header,
        headers,
        `no corrections: ${symbols.join(", ")} published nothing differently since ${dayText(sinceMs)}`,
      );
    };
  });
}

/** A symbol's corrections by day, oldest first, whichever order the source gave. */
function byDay(corrections: readonly Correction[]): Correction[] {
  return [...corrections].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function correctionRow(correction: Correction, withSymbol: boolean, caps: ExcelCapabilities): ExcelScalar[] {
  const { was, now } = correction;
  const row: ExcelScalar[] = [
    dateCell(correction.date, caps),
    was.value,
    was.status,
    now.value,
    now.status,
    dateCell(now.seenAt, caps),
  ];
  return withSymbol ? [correction.symbol, ...row] : row;
}
