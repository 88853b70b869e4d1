import { screen, within } from "@testing-library/react";
import { NetworkError } from "@index-data/wire/errors";
import { RequestEngine } from "../../src/engine/request-engine";
import { cellCall } from "../../src/engine/cells/call-context";
import { MemoryStorage } from "../../src/settings/storage";
import { RefreshBar } from "../../src/taskpane/components/RefreshBar/RefreshBar";
import { FLAGSHIP } from "../support/reference-symbols";
import { startReference, type ReferenceFixture } from "./reference";
import { renderPane } from "./render";

const bar = () => screen.getByRole("region", { name: "Refresh and freshness" });
const lines = () =>
  within(bar())
    .getAllByRole("status")
    .map((line) => line.textContent);

describe("the refresh bar", () => {
  it("shows last refreshed, cells on last-known values and queue progress", () => {
    renderPane(
      <RefreshBar
        snapshot={{
          requestsDone: 3,
          requestsQueued: 7,
          staleCells: 12,
          staleAsOf: "2024-03-01T10:00:00Z",
          lastRefreshedAt: "2024-03-01T12:00:00Z",
        }}
        onRefresh={async () => undefined}
      />,
    );
    const [refreshed, stale, progress] = lines();
    expect(refreshed).toMatch(/^Last refreshed: \d\d:\d\d:\d\d$/);
    expect(stale).toMatch(/^12 cells are served from last-known values \(oldest from .+\)\.$/);
    expect(progress).toBe("3 of 10 requests done.");
    const progressBar = screen.getByRole("progressbar", { name: "Requests done" });
    expect([progressBar.getAttribute("aria-valuenow"), progressBar.getAttribute("aria-valuemax")]).toEqual(["3", "10"]);
  });

  it("says nothing is loaded before the first value, and hides the progress when nothing is queued", () => {
    renderPane(
      <RefreshBar snapshot={{ requestsDone: 0, requestsQueued: 0, staleCells: 0 }} onRefresh={async () => undefined} />,
    );
    expect(lines()).toEqual(["No values loaded yet"]);
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(bar().textContent).not.toContain("last-known");
  });

  describe("beside values the runtime has just loaded (the workbook opened, nobody pressed Refresh)", () => {
    let ref: ReferenceFixture;
    beforeAll(async () => (ref = await startReference()));
    afterAll(() => ref.stop());

    it("says when they were loaded, never 'never'", async () => {
      const engine = new RequestEngine(
        { baseUrl: ref.service.url },
        { storage: new MemoryStorage(), budgetChannel: null, batchWindowMs: 1 },
      );
      try {
        const before = Date.now();
        await engine.read("latest", [FLAGSHIP], cellCall("Sheet1!A1", false));
        expect(ref.service.requests.map((r) => [r.path, r.status])).toEqual([
          [`/api/v1/index/${FLAGSHIP}/latest`, 200],
        ]);
        const snapshot = engine.snapshot();
        expect(Date.parse(snapshot.loadedAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
        renderPane(<RefreshBar snapshot={snapshot} onRefresh={async () => undefined} />);
        expect(lines()).toEqual([`Values loaded: ${new Date(snapshot.loadedAt ?? "").toLocaleTimeString("en-GB")}`]);
      } finally {
        engine.close();
      }
    });
  });

  it("Refresh runs once, reads Refreshing… and is off while it runs, then is back", async () => {
    let finish = () => undefined as void;
    const refreshes: Promise<void>[] = [];
    const onRefresh = () => {
      const refresh = new Promise<void>((resolve) => (finish = resolve));
      refreshes.push(refresh);
      return refresh;
    };
    const { user } = renderPane(
      <RefreshBar snapshot={{ requestsDone: 0, requestsQueued: 0, staleCells: 0 }} onRefresh={onRefresh} />,
    );
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    const busy = screen.getByRole("button", { name: "Refreshing…" }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    await user.click(busy);
    expect(refreshes).toHaveLength(1);
    finish();
    expect(await screen.findByRole("button", { name: "Refresh" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says why a refresh failed, in the pane's words", async () => {
    const unreachable = new NetworkError("fetch failed", { path: "/api/v1/indexes" });
    const { user } = renderPane(
      <RefreshBar
        snapshot={{ requestsDone: 0, requestsQueued: 0, staleCells: 0 }}
        onRefresh={() => Promise.reject(unreachable)}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The service could not be reached. Check the base URL in Settings and your network.",
    );
  });
});
