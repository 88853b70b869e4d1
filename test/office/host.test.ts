import { detectHost, OUTSIDE_OFFICE_REASON } from "../../src/office/host/host-info";

type OfficeGlobal = { Office?: unknown };
const globals = globalThis as OfficeGlobal;

function setOffice(onReady: () => Promise<{ host: string | null }>): void {
  globals.Office = { onReady, HostType: { Excel: "Excel", Word: "Word" } };
}

afterEach(() => {
  delete globals.Office;
});

describe("detectHost", () => {
  it("enables insert actions in Excel", async () => {
    setOffice(async () => ({ host: "Excel" }));
    expect(await detectHost(1000)).toEqual({ inExcel: true });
  });

  it("disables them outside Office (onReady resolves with host null) and says why", async () => {
    setOffice(async () => ({ host: null }));
    const info = await detectHost(1000);
    expect(info.inExcel).toBe(false);
    expect(info.reason).toBe(OUTSIDE_OFFICE_REASON);
  });

  it("disables them in another Office host, naming it", async () => {
    setOffice(async () => ({ host: "Word" }));
    const info = await detectHost(1000);
    expect(info).toEqual({ inExcel: false, reason: expect.stringContaining("Word") });
  });

  it("disables them when office.js did not load at all", async () => {
    expect(await detectHost(1000)).toEqual({ inExcel: false, reason: OUTSIDE_OFFICE_REASON });
  });

  it("settles when onReady never does", async () => {
    setOffice(() => new Promise(() => undefined));
    expect((await detectHost(20)).inExcel).toBe(false);
  });

  it("settles when onReady rejects", async () => {
    setOffice(() => Promise.reject(new Error("boom")));
    expect((await detectHost(1000)).inExcel).toBe(false);
  });
});
