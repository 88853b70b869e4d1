import { detectHost, OUTSIDE_OFFICE_REASON } from "../../src/office/host/host-info";
import { FakeOfficeHost, type OfficeHostOptions } from "../support/office-fake/office-host";

function setOffice(options: OfficeHostOptions): void {
  new FakeOfficeHost(options).install();
}

afterEach(() => FakeOfficeHost.uninstall());

describe("detectHost", () => {
  it("enables insert actions in Excel", async () => {
    setOffice({ host: "Excel" });
    expect(await detectHost(1000)).toEqual({ inExcel: true });
  });

  it("disables them outside Office (onReady resolves with host null) and says why", async () => {
    setOffice({ host: null });
    const info = await detectHost(1000);
    expect(info.inExcel).toBe(false);
    expect(info.reason).toBe(OUTSIDE_OFFICE_REASON);
  });

  it("disables them in another Office host, naming it", async () => {
    setOffice({ host: "Word" });
    const info = await detectHost(1000);
    expect(info).toEqual({ inExcel: false, reason: expect.stringContaining("Word") });
  });

  it("disables them when office.js did not load at all", async () => {
    expect(await detectHost(1000)).toEqual({ inExcel: false, reason: OUTSIDE_OFFICE_REASON });
  });

  it("settles when onReady never does", async () => {
    setOffice({ onReady: "never" });
    expect((await detectHost(20)).inExcel).toBe(false);
  });

  it("settles when onReady rejects", async () => {
    setOffice({ onReady: "refused" });
    expect((await detectHost(1000)).inExcel).toBe(false);
  });
});
