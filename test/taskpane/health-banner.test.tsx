import { screen, within } from "@testing-library/react";
import { HealthBanner } from "../../src/taskpane/components/HealthBanner/HealthBanner";
import type { Loadable } from "../../src/taskpane/hooks/useLoad";
import { explainReason } from "../../src/taskpane/model/reason-codes";
import { startReference, type ReferenceFixture } from "./reference";
import { fresh, renderPane, settled } from "./render";

describe("health banner from /api/status", () => {
  let ref: ReferenceFixture;
  beforeAll(async () => {
    ref = await startReference({ testFaults: true });
  });
  afterAll(() => ref.stop());
  const status = () => settled(ref.client.systemStatus().then(fresh));

  it("is hidden when the benchmark is ok", async () => {
    ref.service.faults.setHealth("ok");
    const { container } = renderPane(<HealthBanner status={await status()} />);
    expect(screen.queryByRole("region", { name: "Benchmark health" })).toBeNull();
    expect(container.textContent).not.toContain("Benchmark");
  });

  it.each(["degraded", "down"] as const)(
    "when %s, explains each reason code in words and shows the code",
    async (state) => {
      ref.service.faults.setHealth(state);
      const loaded = await status();
      if (loaded.state !== "ready") throw new Error("status did not load");
      const { reasons } = loaded.value.data;
      expect(reasons.length).toBeGreaterThan(0);
      renderPane(<HealthBanner status={loaded} />);
      const banner = screen.getByRole("region", { name: "Benchmark health" });
      expect(within(banner).getByRole("group", { name: `Benchmark ${state}` })).toBeTruthy();
      // One list item per reason: the reason in words, then its code.
      const items = within(banner)
        .getAllByRole("listitem")
        .map((item) => item.textContent);
      expect(items).toEqual(reasons.map((code) => `${explainReason(code).text} (${code})`));
    },
  );

  it("a last-known ok (the service did not answer) is not shown as current: the banner says unreachable", async () => {
    ref.service.faults.setHealth("ok");
    const data = await ref.client.systemStatus();
    renderPane(
      <HealthBanner
        status={{
          state: "ready",
          value: { data, meta: { producedAt: "2026-11-23T14:02:09.000Z", servedStale: true } },
        }}
      />,
    );
    const banner = screen.getByRole("region", { name: "Benchmark health" });
    expect(within(banner).getByRole("group", { name: "Service unreachable" }).textContent).toContain(
      "It was last seen ok at 2026-11-23 14:02 UTC.",
    );
  });

  it("says in one quiet line, not as an error, that the older description has no /api/status (404)", async () => {
    const older = await startReference({ flavor: "older" });
    try {
      const loaded = await settled(older.client.systemStatus());
      expect(loaded.state).toBe("failed");
      const note =
        "This service publishes no system status (only the newer description does), so the benchmark's health is not shown.";
      const { container } = renderPane(<HealthBanner status={loaded as Loadable<never>} />);
      expect(screen.getByText(note).tagName).toBe("P");
      // That line is all there is: no banner, no message bar, nothing announced as an alert.
      expect(container.textContent).toBe(note);
      expect(screen.queryByRole("region")).toBeNull();
      expect(screen.queryByRole("group")).toBeNull();
      expect(screen.queryByRole("alert")).toBeNull();
    } finally {
      await older.stop();
    }
  });
});
