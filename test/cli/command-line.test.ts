/* eslint-disable no-control-regex -- these tests look for control characters */
import { SYMBOL_RULE } from "@index-data/wire/rules/symbol";
import { COMMANDS } from "../../src/cli/command-table";
import { helpText } from "../../src/cli/help";
import { FLAGSHIP, useReferenceService } from "../contract/reference";
import { runCli } from "./run-cli";

const SYMBOL_COMMANDS = ["latest", "history", "periods", "change", "corrections", "vol", "forward", "capacity", "card"];
const BARE_COMMANDS = ["list", "health", "status", "benchmark-health", "methodology"];

describe("index-data refuses what it would otherwise ignore", () => {
  const ref = useReferenceService("newer");
  const base = () => ["--base-url", ref.service.url];

  it("knows every command this suite checks", () => {
    expect(Object.keys(COMMANDS).sort()).toEqual([...SYMBOL_COMMANDS, ...BARE_COMMANDS].sort());
  });

  it.each(BARE_COMMANDS)("%s refuses any positional argument with exit code 2 and no request", async (command) => {
    const seen = ref.service.requests.length;
    const run = await runCli([command, "extra", ...base()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `index-data: "${command}" takes no arguments; unexpected "extra". See index-data --help.\n`,
    );
    expect(run.stdout).toBe("");
    expect(ref.service.requests.length).toBe(seen);
  });

  it.each(SYMBOL_COMMANDS.filter((c) => c !== "history" && c !== "periods" && c !== "corrections"))(
    "%s refuses a second positional",
    async (command) => {
      const seen = ref.service.requests.length;
      const run = await runCli([command, FLAGSHIP, "60", ...base()]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^index-data: "${command}" takes only <symbol>; unexpected "60"\\.`));
      expect(ref.service.requests.length).toBe(seen);
    },
  );

  it("vol names --window; history takes start and end but refuses a fourth", async () => {
    const vol = await runCli(["vol", FLAGSHIP, "60", ...base()]);
    expect(vol.stderr).toBe(
      'index-data: "vol" takes only <symbol>; unexpected "60". Give the window as --window DAYS. See index-data --help.\n',
    );
    const history = await runCli(["history", FLAGSHIP, "2026-01-01", "2026-01-31", "weekly", ...base()]);
    expect(history.code).toBe(2);
    expect(history.stderr).toBe(
      'index-data: "history" takes only <symbol> <start> <end>; unexpected "weekly". See index-data --help.\n',
    );
  });

  it.each([".", "..", "a/b", "..%2F..%2Fadmin", "RTM\u001b[2J", "RTM NWE"])(
    "refuses the symbol %j by the one symbol rule, exit 2, no request",
    async (symbol) => {
      const seen = ref.service.requests.length;
      const runs = await Promise.all(SYMBOL_COMMANDS.map((command) => runCli([command, symbol, ...base()])));
      for (const [i, run] of runs.entries()) {
        expect(run.code).toBe(2);
        expect(run.stderr).toContain(`index-data: "${SYMBOL_COMMANDS[i]}": give ${SYMBOL_RULE} (got `);
        // The echo of a hostile symbol carries no control character.
        expect(run.stderr.slice(0, -1)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      }
      expect(ref.service.requests.length).toBe(seen);
    },
  );

  it("refuses --json with --csv, and an unknown option", async () => {
    const both = await runCli(["list", "--json", "--csv", ...base()]);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe("index-data: --json and --csv cannot be used together; pick one.\n");
    const unknown = await runCli(["list", "--format", "csv", ...base()]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--format'");
  });

  it("documents the new options and forms in --help", () => {
    const help = helpText();
    for (const text of [
      "--csv",
      "--start DATE",
      "--end DATE",
      "--granularity",
      "history <symbol> [START [END]]",
      "-30D",
      "--start=-30D",
    ]) {
      expect(help).toContain(text);
    }
  });
});
