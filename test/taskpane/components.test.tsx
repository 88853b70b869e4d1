import type { IndexSummary } from "../../src/client/resources/indexes";
import { Catalogue } from "../../src/taskpane/components/Catalogue/Catalogue";
import { FieldList } from "../../src/taskpane/components/FieldList/FieldList";
import { HealthBanner } from "../../src/taskpane/components/HealthBanner/HealthBanner";
import { RefreshBar } from "../../src/taskpane/components/RefreshBar/RefreshBar";
import type { Loadable } from "../../src/taskpane/hooks/useLoad";
import { NO_FILTERS } from "../../src/taskpane/model/catalogue";
import { ABSENT } from "../../src/taskpane/model/format";
import { explainReason } from "../../src/taskpane/model/reason-codes";
import type { Served } from "../../src/client/source";
import { InsertActions } from "../../src/taskpane/components/InsertActions/InsertActions";
import { OUTSIDE_OFFICE_REASON, type HostInfo } from "../../src/office/host";
import type { WorkbookActions } from "../../src/office/workbook-actions";
import type { Browser } from "playwright-core";
import { launchChromium } from "../support/browser";
import { DOT_SEGMENT_INDEXES, markupIndexes } from "../support/extra-indexes";
import { openMarkup, renderHtml } from "./render";
import { startReference, type ReferenceFixture } from "./reference";

const MARKUP = [
  '<img src=x onerror="globalThis.__pwned=1">',
  "<script>globalThis.__pwned=2</script>",
  '"><svg onload=alert(1)>',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(() => browser.close());

async function settle<T>(load: Promise<T>): Promise<Loadable<T>> {
  return load.then(
    (value) => ({ state: "ready", value }) as const,
    (error: unknown) => ({ state: "failed", error }) as const,
  );
}

describe("health banner from /api/status", () => {
  let ref: ReferenceFixture;
  beforeAll(async () => {
    ref = await startReference({ testFaults: true });
  });
  afterAll(() => ref.stop());
  const served = async () => settle(ref.client.systemStatus().then((data) => ({ data, fetchedAt: "", stale: false })));

  it("is hidden when the benchmark is ok", async () => {
    ref.service.faults.setHealth("ok");
    expect(renderHtml(<HealthBanner status={await served()} />)).not.toContain("Benchmark");
  });

  it.each(["degraded", "down"] as const)(
    "when %s, explains each reason code in words and shows the code",
    async (state) => {
      ref.service.faults.setHealth(state);
      const status = await served();
      if (status.state !== "ready") throw new Error("status did not load");
      expect(status.value.data.reasons.length).toBeGreaterThan(0);
      const html = renderHtml(<HealthBanner status={status} />);
      expect(html).toContain(`Benchmark ${state}`);
      for (const code of status.value.data.reasons) {
        expect(html).toContain(`(${code})`);
        expect(html).toContain(explainReason(code).text);
      }
    },
  );

  it("a last-known ok (the service did not answer) is not shown as current: the banner says unreachable", async () => {
    ref.service.faults.setHealth("ok");
    const status = await settle(ref.client.systemStatus().then((data) => ({ data, fetchedAt: "2026-11-23T14:02:09.000Z", stale: true })));
    const html = renderHtml(<HealthBanner status={status} />);
    expect(html).toContain("Service unreachable");
    expect(html).toContain("It was last seen ok at 2026-11-23 14:02 UTC.");
  });

  it("says in one quiet line, not as an error, that the older description has no /api/status (404)", async () => {
    const older = await startReference({ flavor: "older" });
    try {
      const status = await settle(older.client.systemStatus());
      expect(status.state).toBe("failed");
      const html = renderHtml(<HealthBanner status={status as Loadable<never>} />);
      expect(html).toMatch(/<\/style><p class="[^"]*">This service publishes no system status \(only the newer description does\), so the benchmark&#x27;s health is not shown\.<\/p><\/div>$/);
      expect(html).not.toMatch(/role="alert"|fui-MessageBar/);
    } finally {
      await older.stop();
    }
  });
});

describe("catalogue rendering", () => {
  let ref: ReferenceFixture;
  let indexes: Loadable<Served<readonly IndexSummary[]>>;
  beforeAll(async () => {
    ref = await startReference({ extraIndexes: markupIndexes(MARKUP, { hub: "<b>HUB</b>", grade: "G" }) });
    indexes = await settle(ref.client.listIndexes().then((data) => ({ data, fetchedAt: "", stale: false })));
  });
  afterAll(() => ref.stop());

  it("renders service text as text: markup from descriptions arrives escaped, never as elements", () => {
    const html = renderHtml(
      <Catalogue indexes={indexes} filters={NO_FILTERS} onFiltersChange={() => undefined} onOpen={() => undefined} />,
    );
    // Fluent's own icons are <svg> elements, so look for the injected ones by their attributes.
    for (const injected of [/<img/i, /<script/i, /<svg onload/i, /<b>/i, /onerror="/i]) {
      expect({ injected: String(injected), found: injected.test(html) }).toEqual({
        injected: String(injected),
        found: false,
      });
    }
    expect(html.includes("&lt;img src=x onerror=&quot;globalThis.__pwned=1&quot;&gt;")).toBe(true);
    expect(html.includes("&lt;script&gt;globalThis.__pwned=2&lt;/script&gt;")).toBe(true);
    expect(html.includes("&lt;b&gt;HUB&lt;/b&gt;")).toBe(true);
  });

  it("names the list and gives every index a button named by its symbol, and marks inactive and no-data rows", async () => {
    if (indexes.state !== "ready") throw new Error("catalogue did not load");
    const page = await openMarkup(
      browser,
      <Catalogue indexes={indexes} filters={NO_FILTERS} onFiltersChange={() => undefined} onOpen={() => undefined} />,
    );
    const count = indexes.value.data.length;
    const list = page.getByRole("list", { name: "Indexes" });
    await expect(page.getByRole("search").count()).resolves.toBe(1);
    // Each row is a list item that says its place in the whole list; its button is named by the symbol.
    const places = await list
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => [item.getAttribute("aria-posinset"), item.getAttribute("aria-setsize")]));
    expect(places).toEqual(indexes.value.data.map((_, i) => [String(i + 1), String(count)]));
    for (const [i, row] of indexes.value.data.entries()) {
      await expect(list.getByRole("listitem").nth(i).getByRole("button", { name: row.symbol, exact: true }).count()).resolves.toBe(1);
    }
    await expect(list.getByText("Inactive").count()).resolves.toBeGreaterThan(0);
    await expect(list.getByText("No data").count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole("status").filter({ hasText: `Showing ${count} of ${count} indexes` }).count()).resolves.toBe(1);
    await page.close();
  });

  it("renders only a window of rows of a 50,000-index catalogue", async () => {
    if (indexes.state !== "ready") throw new Error("catalogue did not load");
    const first = indexes.value.data[0]!;
    const data = Array.from({ length: 50_000 }, (_, i) => ({
      ...first,
      symbol: `XB-${i}`,
    }));
    const page = await openMarkup(
      browser,
      <Catalogue
        indexes={{ state: "ready", value: { data, fetchedAt: "", stale: false } }}
        filters={NO_FILTERS}
        onFiltersChange={() => undefined}
        onOpen={() => undefined}
      />,
    );
    const items = page.getByRole("list", { name: "Indexes" }).getByRole("listitem");
    const rendered = await items.count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(50);
    await expect(items.first().getAttribute("aria-posinset")).resolves.toBe("1");
    await expect(items.first().getAttribute("aria-setsize")).resolves.toBe("50000");
    await expect(page.getByRole("button", { name: "XB-49999", exact: true }).count()).resolves.toBe(0);
    await page.close();
  });
});

describe("a catalogue entry whose symbol fails the symbol rule", () => {
  let ref: ReferenceFixture;
  beforeAll(async () => {
    ref = await startReference({ extraIndexes: DOT_SEGMENT_INDEXES });
  });
  afterAll(() => ref.stop());

  it("is listed, marked as not openable and says why, with no action to open it", async () => {
    const data = await ref.client.listIndexes();
    const dots = data.filter((row) => row.symbol === "." || row.symbol === "..");
    expect(dots.map((row) => row.symbol)).toEqual([".", ".."]);
    const page = await openMarkup(
      browser,
      <Catalogue
        indexes={{ state: "ready", value: { data: dots, fetchedAt: "", stale: false } }}
        filters={NO_FILTERS}
        onFiltersChange={() => undefined}
        onOpen={() => undefined}
      />,
    );
    const note =
      'Cannot be opened: a symbol must start with a letter or digit and use only letters, digits, ".", "_" and "-".';
    for (const symbol of [".", ".."]) {
      const button = page.getByRole("button", { name: symbol, exact: true });
      await expect(button.getAttribute("aria-disabled")).resolves.toBe("true");
      // Its description says why: the badge and the note are what the button is described by.
      const description = await button.evaluate((el) =>
        (el.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      );
      expect(description).toContain("Invalid symbol");
      expect(description).toContain(note);
    }
    await expect(page.getByText("Invalid symbol").count()).resolves.toBe(2);
    await page.close();
  });
});

describe("insert actions", () => {
  const workbook: WorkbookActions = {
    insertLatest: async () => ({ address: "A1" }),
    insertHistory: async () => ({ address: "A1" }),
    insertForward: async () => ({ address: "A1" }),
    insertAuditCard: async () => ({ address: "A1" }),
    insertCard: async () => ({ address: "A1" }),
    insertMonthlyAverages: async () => ({ address: "A1" }),
  };
  const render = (host: Loadable<HostInfo>) =>
    renderHtml(<InsertActions symbol="S" historyStart="-3M" historyLabel="3 months" workbook={workbook} host={host} />);

  it("offers six enabled actions in Excel", () => {
    const html = render({ state: "ready", value: { inExcel: true } });
    expect(html.match(/<button/g)).toHaveLength(6);
    expect(html).not.toContain("disabled");
    expect(html).toContain("Insert history (3 months) + chart");
  });

  it("disables them outside Excel with the reason, tied to each button", () => {
    const html = render({ state: "ready", value: { inExcel: false, reason: OUTSIDE_OFFICE_REASON } });
    expect(html.match(/<button[^>]*disabled/g)).toHaveLength(6);
    expect(html).toContain(OUTSIDE_OFFICE_REASON);
    expect(html.match(/aria-describedby="[^"]+"/g)).toHaveLength(6);
  });
});

describe("field list and refresh bar", () => {
  it("says absent in words for a figure the service did not send", () => {
    const html = renderHtml(
      <FieldList
        label="x"
        rows={[
          { label: "Derivation", value: undefined },
          { label: "Confidence", value: "0" },
        ]}
      />,
    );
    expect(html).toContain(ABSENT);
    expect(html).toContain('data-absent="true"');
    expect(html).toContain(">0<");
  });

  it("shows last refreshed, cells on last-known values and queue progress", () => {
    const html = renderHtml(
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
    expect(html).toMatch(/Last refreshed: \d\d:\d\d:\d\d/);
    expect(html).toContain("12 cells are served from last-known values");
    expect(html).toContain("3 of 10 requests done");
    expect(html).toContain('role="progressbar"');
  });

  it("says never before the first refresh and hides the progress when nothing is queued", () => {
    const html = renderHtml(
      <RefreshBar snapshot={{ requestsDone: 0, requestsQueued: 0, staleCells: 0 }} onRefresh={async () => undefined} />,
    );
    expect(html).toContain("Last refreshed: never");
    expect(html).not.toContain("progressbar");
    expect(html).not.toContain("last-known");
  });
});
