import { dayText, isIsoDate, parseIso, RELATIVE_DATE_FORMS, relativeDay, startOfUtcDay } from "@index-data/wire/time";
import { ours, said, type ToolText } from "./tool-text";

/** An argument the tool cannot use: said to the model as an error result it can act on. */
export class ToolArgumentError extends Error {
  override readonly name = "ToolArgumentError";

  constructor(readonly text: ToolText) {
    super(text.text);
  }
}

/**
 * A date argument as the service takes it ("2024-03-31"), from an ISO date or a relative form counted from `now`'s
 * day (the functions' own rule, @index-data/wire/time); undefined when not given.
 */
export function serviceDate(text: string | undefined, argument: string, now: number): string | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const trimmed = text.trim();
  const relative = relativeDay(trimmed, startOfUtcDay(now));
  if (relative !== undefined) return dayText(relative);
  const ms = parseIso(trimmed);
  if (ms === undefined)
    throw new ToolArgumentError(
      said`${ours(argument)}: give an ISO date such as "2024-03-31" or a relative form such as ${ours(RELATIVE_DATE_FORMS)}.`,
    );
  return isIsoDate(trimmed) ? trimmed : new Date(ms).toISOString();
}
