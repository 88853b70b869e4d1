import { PERIOD_STATS } from "@index-data/wire";
import { CHOICE_VALUES } from "../formulas";
import { COMMANDS } from "./command-table";
import { CLI_DATE_FORMS } from "./usage";

/** A list's values as --help offers them: "a (default), b or c". */
function offered(values: readonly string[], fallback: string): string {
  const named = values.map((value) => (value === fallback ? `${value} (default)` : value));
  return `${named.slice(0, -1).join(", ")} or ${named[named.length - 1] ?? ""}`;
}

export function helpText(): string {
  const commands = Object.values(COMMANDS).map((c) => `  ${c.usage}\n      ${c.summary}`);
  return [
    "Usage: index-data <command> [args] [options]",
    "",
    "Commands:",
    ...commands,
    "",
    "Options:",
    "  --base-url URL       service root (default: $INDEX_API_BASE_URL or http://127.0.0.1:3001)",
    "  --api-key KEY        API key (default: $INDEX_API_KEY; prefer the variable, arguments show up in process lists)",
    "  --key-header STYLE   x-api-key (default) or bearer",
    "  --gateway            the base URL is your desk's Index Data gateway: an answer it served stale while the",
    "                       service failed shows as a last-known value (card: Last-known value TRUE)",
    "  --timeout MS         per-request timeout in milliseconds (default 10000)",
    "  --start DATE         first day of a history (also the second positional of history)",
    "  --end DATE           last day of a history, included (also the third positional of history)",
    "  --granularity G      daily (default) or weekly: each ISO week's last published value, as INDEX.HISTORY",
    "  --window DAYS        volatility window (default 30)",
    `  --period P           periods: ${offered(CHOICE_VALUES.Period, "monthly")};`,
    `                       change: ${offered(CHOICE_VALUES.ChangePeriod, "1D")}`,
    "  --mode M             change: pct (default, a fraction) or abs (USD/kg)",
    `  --stats LIST         periods: ${PERIOD_STATS.join(",")} (default avg,observed)`,
    "  --json               print the result as JSON (every digit the service and the functions give)",
    "  --csv                print the result's table as CSV (RFC 4180, CRLF, header row): dates as Excel reads them,",
    "                       2025-01-06 (a time as 2025-01-06 16:30:00, UTC); numbers to 12 significant digits; card: value and text",
    "  -h, --help           show this help",
    "",
    `Dates: ${CLI_DATE_FORMS}; the same rules as the functions' dates (relative to today, UTC).`,
    'A date starting with "-" works as --start=-30D, --start -30D or a positional (history SYM -30D today).',
    "",
    "Exit codes: 0 success, 1 the request failed (or health is not ok), 2 wrong command line.",
    "",
    "Examples:",
    "  index-data latest RTM-NWE-A-1x3 --base-url http://127.0.0.1:3001",
    "  index-data history RTM-NWE-A-1x3 2026-01-01 2026-03-31 --granularity weekly --csv",
    "  index-data history RTM-NWE-A-1x3 --start=-6M",
    "  index-data change RTM-NWE-A-1x3 --period MTD --mode abs",
  ].join("\n");
}
