import { screen, within } from "@testing-library/react";
import type { ForwardCurve } from "@index-data/wire/resources/forward";
import type { Answered } from "../../src/client";
import { FieldList } from "../../src/taskpane/components/FieldList/FieldList";
import { Section } from "../../src/taskpane/components/Section/Section";
import type { Loadable } from "../../src/taskpane/hooks/useLoad";
import { NO_FORWARD_CURVE } from "../../src/taskpane/model/errors";
import type { FaultKind } from "../../reference-service/src";
import { startReference, type ReferenceFixture } from "./reference";
import { fresh, renderPane, settled } from "./render";

/** The forward-curve section (issue 9): only a 404 means "no forward curve"; other failures say what happened. */
const FLAGSHIP = "RTM-NWE-A-1x3";
const FORWARD_PATH = `/api/v1/index/${FLAGSHIP}/forward`;
const NO_CURVE = "This service publishes no forward curve for this index.";

const forwardOf = (ref: ReferenceFixture): Promise<Loadable<Answered<ForwardCurve>>> =>
  settled(ref.client.forward(FLAGSHIP).then(fresh));

// The section as FiguresSections renders it (the chart itself needs layout; the e2e suite draws it in Chromium).
function renderSection(forward: Loadable<Answered<ForwardCurve>>) {
  renderPane(
    <Section title="Forward curve" load={forward} notFoundText={NO_FORWARD_CURVE}>
      {({ data }) => <p>{`${data.symbol} forward curve with ${data.curve.length} tenors`}</p>}
    </Section>,
  );
  return screen.getByRole("region", { name: "Forward curve" });
}

describe("forward curve section when the request fails", () => {
  let ref: ReferenceFixture;
  beforeAll(async () => {
    ref = await startReference({ testFaults: true });
  });
  afterAll(() => ref.stop());
  afterEach(() => ref.service.faults.reset());

  it.each<[FaultKind, number, string]>([
    ["500", 500, "The service had an internal error. Try Refresh later."],
    ["503", 503, "The service is unavailable right now. Try Refresh later."],
    ["429", 429, "The service's request limit was reached. Values fill in as the limit allows; try again in a minute."],
    ["drop", 0, "The service could not be reached. Check the base URL in Settings and your network."],
  ])("after a %s it says what happened, not that there is no curve", async (fault, status, text) => {
    ref.service.faults.failNext(fault, Infinity, FORWARD_PATH);
    ref.service.resetRequestLog();
    const forward = await forwardOf(ref);
    // The fault happened: the service answered the forward request with it.
    expect(ref.service.requests.filter((r) => r.path === FORWARD_PATH).map((r) => r.status)).toContain(status);
    expect(forward.state).toBe("failed");
    const section = renderSection(forward);
    expect(within(section).getByRole("group").textContent).toBe(text);
    expect(section.textContent).not.toContain(NO_CURVE);
  });

  it("shows the curve when the request succeeds", async () => {
    const section = renderSection(await forwardOf(ref));
    expect(section.textContent).toMatch(new RegExp(`^Forward curve${FLAGSHIP} forward curve with [1-9]\\d* tenors$`));
    expect(section.textContent).not.toContain(NO_CURVE);
  });

  it("says it is loading while the request is out", () => {
    const section = renderSection({ state: "loading" });
    expect(within(section).getByRole("progressbar").textContent).toBe("Loading forward curve…");
  });
});

describe("forward curve section on the older description", () => {
  it("says the service publishes no forward curve when the service answers 404", async () => {
    expect(NO_FORWARD_CURVE).toBe(NO_CURVE);
    const older = await startReference({ flavor: "older" });
    try {
      const forward = await forwardOf(older);
      expect(older.service.requests.filter((r) => r.path === FORWARD_PATH).map((r) => r.status)).toEqual([404]);
      const section = renderSection(forward);
      expect(within(section).getByText(NO_CURVE).tagName).toBe("P");
      expect(within(section).queryByRole("group")).toBeNull();
      expect(within(section).queryByRole("alert")).toBeNull();
    } finally {
      await older.stop();
    }
  });
});

describe("field list", () => {
  it("says absent in words for a figure the service did not send, and shows a sent 0 as 0", () => {
    renderPane(
      <FieldList
        label="Latest fix"
        rows={[
          { label: "Derivation", value: undefined },
          { label: "Confidence", value: "0" },
        ]}
      />,
    );
    const terms = screen.getAllByRole("term").map((term) => term.textContent);
    const definitions = screen.getAllByRole("definition");
    expect(terms).toEqual(["Derivation", "Confidence"]);
    expect(definitions.map((definition) => definition.textContent)).toEqual(["Not sent by this service", "0"]);
    // The absent figure is marked as such (styled apart); the 0 is a figure like any other.
    expect(definitions.map((definition) => definition.getAttribute("data-absent"))).toEqual(["true", null]);
  });
});
