import type { OptionRow, OptionTable } from "../options/option-rows";
import { SERVE_OPTIONS, newTokenUsage } from "../options/serve-options";

/**
 * What `--help` prints, whole: an installed gateway has no docs/gateway.md beside it, so every option is described
 * here. Messages name the command as it was started (`index-data-gateway`, or `npm run gateway --` in a checkout).
 */

/** The command that started this process: the installed binary, or the sources run through tsx from a checkout. */
export function programName(script: string | undefined): string {
  return script?.endsWith(".ts") === true ? "npm run gateway --" : "index-data-gateway";
}

/** Lines of `text` no longer than `width`, split between words. */
function wrapped(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/** Two columns: each left cell padded to the widest, each right cell wrapped under its own start. */
function columns(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  const indent = " ".repeat(2 + width + 2);
  return rows.flatMap(([left, right]) =>
    wrapped(right, Math.max(40, LINE_WIDTH - indent.length)).map((part, i) =>
      i === 0 ? `  ${left.padEnd(width)}  ${part}` : `${indent}${part}`,
    ),
  );
}

/** Help lines fit a terminal of this many columns. */
const LINE_WIDTH = 110;

/** A row as a command line writes it: the flag, and what it takes. */
function usageOf(row: OptionRow): string {
  return row.value === undefined ? row.flag : `${row.flag} ${row.value}`;
}

/** The four ways to run it: what a refused command line is shown under its reason. */
export function synopsis(program: string): string {
  const { upstream, port, tokensFile, host, noAuth } = SERVE_OPTIONS;
  const serving = `${program} ${usageOf(upstream)} ${usageOf(port)}`;
  const rows: [string, string][] = [
    [`${serving} ${usageOf(tokensFile)} [option ...]`, "serve the desk"],
    [`${serving} ${host.flag} 127.0.0.1 ${noAuth.flag}`, "serve this machine only"],
    [newTokenUsage(program), "add a person: prints their token once"],
    [`${program} --help`, "every option"],
  ];
  return ["Usage:", ...columns(rows)].join("\n");
}

/** The whole help: synopsis, every option of `table` (its rows' help lines), the key, signals and exit codes. */
export function helpText(program: string, table: OptionTable = SERVE_OPTIONS): string {
  const options = columns(Object.values(table).map((row) => [usageOf(row), row.help]));
  const checkout =
    program === "index-data-gateway"
      ? []
      : [
          "",
          `In a checkout, ${program} … runs index-data-gateway from its sources, with the same arguments;`,
          "docs/gateway.md is the guide.",
        ];
  return [
    "The desk's Index Data gateway: one upstream key, one cache and one budget for a desk of Excel add-ins.",
    "",
    synopsis(program),
    "",
    "Options:",
    ...options,
    "",
    `The upstream key: INDEX_GATEWAY_UPSTREAM_KEY or ${SERVE_OPTIONS.upstreamKeyFile.flag}, never a flag (flags show in ps).`,
    `Sign-in tokens (--oidc-…) work beside ${SERVE_OPTIONS.tokensFile.flag}, or instead of it.`,
    "Signals: SIGHUP reads the tokens file again; SIGINT or SIGTERM stops.",
    "Exit codes: 0 done; 1 failed while running (a restart may help); 2 command line or file refused (fix it).",
    ...checkout,
  ].join("\n");
}
