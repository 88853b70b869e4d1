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
import { renderHtml } from "./render";
import { startReference, type ReferenceFixture } from "./reference";

const MARKUP = [
  '<img src=x onerror="globalThis.__pwned=1">',
  "<script>globalThis.__pwned=2</script>",
  '"><svg onload=alert(1)>',
];

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

  it("shows nothing, and no error, where the older description has no /api/status (404)", async () => {
    const older = await startReference({ flavor: "older" });
    try {
      const status = await settle(older.client.systemStatus());
      expect(status.state).toBe("failed");
      expect(renderHtml(<HealthBanner status={status as Loadable<never>} />)).toBe(renderHtml(<></>));
    } finally {
      await older.stop();
    }
  });
});

describe("catalogue rendering", () => {
  let ref: ReferenceFixture;
  let indexes: Loadable<Served<readonly IndexSummary[]>>;
  beforeAll(async () => {
    ref = await startReference({
      extraIndexes: MARKUP.map((description, i) => ({
        symbol: `XSS-${i}`,
        hub: "<b>HUB</b>",
        grade: "G",
        leadTime: "1x1",
        description,
        isActive: true,
      })),
    });
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

  it("names the list and gives every index a button named by its symbol, and marks inactive and no-data rows", () => {
    if (indexes.state !== "ready") throw new Error("catalogue did not load");
    const html = renderHtml(
      <Catalogue indexes={indexes} filters={NO_FILTERS} onFiltersChange={() => undefined} onOpen={() => undefined} />,
    );
    const count = indexes.value.data.length;
    expect(html).toContain('aria-label="Indexes"');
    expect(html).toContain('role="search"');
    // Each row is a list item that says its place in the whole list; its button is labelled by the symbol.
    for (const [i, row] of indexes.value.data.entries()) {
      expect(html).toMatch(
        new RegExp(
          `aria-posinset="${i + 1}" aria-setsize="${count}"><button[^>]*aria-labelledby="([^"]+)"[^>]*>.*?<span id="\\1"[^>]*>${row.symbol.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</span>`,
        ),
      );
    }
    expect(html).toContain("Inactive");
    expect(html).toContain("No data");
    expect(html).toContain(`Showing ${count} of ${count} indexes`);
  });

  it("renders only a window of rows of a 50,000-index catalogue", () => {
    if (indexes.state !== "ready") throw new Error("catalogue did not load");
    const first = indexes.value.data[0]!;
    const data = Array.from({ length: 50_000 }, (_, i) => ({
      ...first,
      symbol: `XB-${i}`,
    }));
    const html = renderHtml(
      <Catalogue
        indexes={{
          state: "ready",
          value: { data, fetchedAt: "", stale: false },
        }}
        filters={NO_FILTERS}
        onFiltersChange={() => undefined}
        onOpen={() => undefined}
      />,
    );
    const items = html.match(/<li /g) ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(50);
    expect(html).toContain('aria-posinset="1" aria-setsize="50000"');
    expect(html).not.toContain(">XB-49999<");
  });
});

describe("a catalogue entry whose symbol fails the symbol rule", () => {
  let ref: ReferenceFixture;
  beforeAll(async () => {
    ref = await startReference({
      extraIndexes: [".", ".."].map((symbol) => ({
        symbol,
        hub: "NWE",
        grade: "A",
        leadTime: "1x1",
        description: "Dot-segment entry",
        isActive: true,
      })),
    });
  });
  afterAll(() => ref.stop());

  it("is listed, marked as not openable and says why, with no action to open it", async () => {
    const data = await ref.client.listIndexes();
    const dots = data.filter((row) => row.symbol === "." || row.symbol === "..");
    expect(dots.map((row) => row.symbol)).toEqual([".", ".."]);
    const html = renderHtml(
      <Catalogue
        indexes={{
          state: "ready",
          value: { data: dots, fetchedAt: "", stale: false },
        }}
        filters={NO_FILTERS}
        onFiltersChange={() => undefined}
        onOpen={() => undefined}
      />,
    );
    expect(html.match(/<button[^>]*aria-disabled="true"/g)).toHaveLength(2);
    expect(html.match(/Invalid symbol/g)).toHaveLength(2);
    const note =
      "Cannot be opened: a symbol must start with a letter or digit and use only letters, digits, &quot;.&quot;, &quot;_&quot; and &quot;-&quot;.";
    expect(html.split(note)).toHaveLength(3);
  });
});

describe("insert actions", () => {
  const workbook: WorkbookActions = {
    insertLatest: async () => ({ address: "A1" }),
    insertHistory: async () => ({ address: "A1" }),
    insertForward: async () => ({ address: "A1" }),
    insertAuditCard: async () => ({ address: "A1" }),
  };
  const render = (host: Loadable<HostInfo>) =>
    renderHtml(<InsertActions symbol="S" historyStart="-3M" historyLabel="3 months" workbook={workbook} host={host} />);

  it("offers four enabled actions in Excel", () => {
    const html = render({ state: "ready", value: { inExcel: true } });
    expect(html.match(/<button/g)).toHaveLength(4);
    expect(html).not.toContain("disabled");
    expect(html).toContain("Insert history (3 months) + chart");
  });

  it("disables them outside Excel with the reason, tied to each button", () => {
    const html = render({ state: "ready", value: { inExcel: false, reason: OUTSIDE_OFFICE_REASON } });
    expect(html.match(/<button[^>]*disabled/g)).toHaveLength(4);
    expect(html).toContain(OUTSIDE_OFFICE_REASON);
    expect(html.match(/aria-describedby="[^"]+"/g)).toHaveLength(4);
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
