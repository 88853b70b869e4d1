import { screen, within } from "@testing-library/react";
import { NetworkError } from "@index-data/wire/errors";
import { RefreshBar } from "../../src/taskpane/components/RefreshBar/RefreshBar";
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

  it("says never before the first refresh and hides the progress when nothing is queued", () => {
    renderPane(
      <RefreshBar snapshot={{ requestsDone: 0, requestsQueued: 0, staleCells: 0 }} onRefresh={async () => undefined} />,
    );
    expect(lines()).toEqual(["Last refreshed: never"]);
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(bar().textContent).not.toContain("last-known");
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
