import { CARD_PROPERTIES, COVERAGE_LABEL, COVERAGE_PROPERTIES, EntityCellValue } from "../../src/formulas/entity";
import { FLAVORS, useReferenceService } from "../contract/reference";
import { runCli } from "./run-cli";

const SYMBOL = "RTM-NWE-A-1x3";
const SUNDAY = new Date("2025-03-16T12:00:00Z");

describe.each(FLAVORS)("index-data card (%s description, a carried-forward Sunday)", (flavor) => {
  const ref = useReferenceService(flavor, { now: () => SUNDAY });

  it("--json prints the entity INDEX.CARD returns, in Microsoft's shape", async () => {
    const run = await runCli(["card", SYMBOL, "--json", "--base-url", ref.service.url], SUNDAY);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const entity = EntityCellValue.parse(JSON.parse(run.stdout));
    expect(entity.text).toBe("RTM-NWE-A-1x3 1.6508");
    expect(entity.properties["Carried forward from"]).toEqual(
      flavor === "newer"
        ? { type: "FormattedNumber", basicValue: 45730, basicType: "Double", numberFormat: "yyyy-mm-dd" }
        : undefined,
    );
  });

  it("--csv prints label,value,text rows with the card's names, in the card's order: numbers as numbers, and the card's text", async () => {
    const run = await runCli(["card", SYMBOL, "--csv", "--base-url", ref.service.url], SUNDAY);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\r\n").filter((line) => line !== "");
    expect(lines[0]).toBe("label,value,text");
    const rows = new Map(
      lines.slice(1).map((line) => [line.slice(0, line.indexOf(",")), line.slice(line.indexOf(",") + 1)]),
    );
    expect(rows.get("Value")).toBe("1.6508,1.6508 USD/kg");
    expect(rows.get("As of")).toBe("2025-03-16,2025-03-16");
    expect(rows.get("Confidence")).toBe("66,66");
    expect(rows.get("Data coverage: Total mass (kg)")).toBe('4428000,"4,428,000 kg"');
    expect(rows.get("Data coverage: Top contributor share")).toBe("0.327,32.7%");
    expect(rows.get("Carried forward from")).toBe(flavor === "newer" ? "2025-03-14,2025-03-14" : undefined);
    expect(rows.get("Publication mode")).toBe(flavor === "newer" ? "CARRIED_FORWARD,CARRIED_FORWARD" : undefined);
    // The order is the property table's, whatever the service left out.
    const tableOrder = [
      ...CARD_PROPERTIES.map((p) => p.label),
      COVERAGE_LABEL,
      ...COVERAGE_PROPERTIES.map((p) => `${COVERAGE_LABEL}: ${p.label}`),
    ];
    const printed = [...rows.keys()];
    expect(printed).toEqual(tableOrder.filter((label) => printed.includes(label)));
    expect(printed.length).toBe(flavor === "newer" ? 25 : 22);
  });

  it("an unknown symbol fails with exit code 1, naming it", async () => {
    const run = await runCli(["card", "RTM-XXX-Z-9x9", "--base-url", ref.service.url], SUNDAY);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("RTM-XXX-Z-9x9");
  });
});
