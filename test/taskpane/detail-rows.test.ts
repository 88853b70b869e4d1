import type { FieldRow } from "../../src/taskpane/components/FieldList/FieldList.types";
import {
  capacityRows,
  carriedForwardText,
  coverageRows,
  latestFixRows,
  volatilityRows,
} from "../../src/taskpane/model/detail-rows";
import { startReference, type ReferenceFixture } from "./reference";

const FLAGSHIP = "RTM-NWE-A-1x3";
const valueOf = (rows: readonly FieldRow[], label: string) => {
  const row = rows.find((r) => r.label === label);
  if (row === undefined) throw new Error(`no row ${label}`);
  return row.value;
};

describe.each(["newer", "older"] as const)("detail figures against the %s description", (flavor) => {
  let ref: ReferenceFixture;
  beforeAll(async () => {
    ref = await startReference({ flavor });
  });
  afterAll(() => ref.stop());

  it("shows the latest fix; newer-only fields are absent (undefined), never 0, in the older description", async () => {
    const fix = await ref.client.latest(FLAGSHIP);
    const rows = latestFixRows(fix);
    expect(valueOf(rows, "Value")).toContain(fix.unit);
    expect(valueOf(rows, "Status")).toBe(fix.status);
    expect(valueOf(rows, "Methodology")).toBe(fix.methodologyVersion);
    for (const label of ["Derivation", "Publication", "Carried forward"]) {
      if (flavor === "older") expect(valueOf(rows, label)).toBeUndefined();
      else expect(valueOf(rows, label)).toEqual(expect.any(String));
    }
  });

  it("shows all six coverage figures", async () => {
    const fix = await ref.client.latest(FLAGSHIP);
    const rows = coverageRows(fix.dataCoverage);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.value !== undefined && r.value !== "")).toBe(true);
    expect(valueOf(rows, "Contributors")).toBe(String(fix.dataCoverage.contributors));
  });

  it("shows capacity with the description's own extra fields, the others absent", async () => {
    const rows = capacityRows(await ref.client.capacity(FLAGSHIP));
    expect(valueOf(rows, "Model version") === undefined).toBe(flavor === "older");
    expect(valueOf(rows, "Recorded at") === undefined).toBe(flavor === "newer");
  });

  it("shows volatility as a percentage, window dates only where the description sends them", async () => {
    const vol = await ref.client.volatility(FLAGSHIP);
    const rows = volatilityRows(vol);
    expect(valueOf(rows, "Annualized volatility")).toMatch(/%$/);
    expect(valueOf(rows, "Window start") === undefined).toBe(flavor === "newer");
  });
});

describe("carried-forward flag", () => {
  it("distinguishes fresh (null), carried (a date) and not sent (undefined)", () => {
    expect(carriedForwardText(null)).toBe("No, a fresh value");
    expect(carriedForwardText("2024-03-01T00:00:00.000Z")).toBe("Yes, carried forward from 2024-03-01");
    expect(carriedForwardText(undefined)).toBeUndefined();
  });
});
