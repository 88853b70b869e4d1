import type { ForwardCurve } from "../../src/client/resources/forward";
import type { Served } from "../../src/client/source";
import { Section } from "../../src/taskpane/components/Section/Section";
import type { Loadable } from "../../src/taskpane/hooks/useLoad";
import { NO_FORWARD_CURVE } from "../../src/taskpane/model/errors";
import type { FaultKind } from "../../reference-service/src";
import { renderHtml } from "./render";
import { startReference, type ReferenceFixture } from "./reference";

/** The forward-curve section (issue 9): only a 404 means "no forward curve"; other failures say what happened. */
const FLAGSHIP = "RTM-NWE-A-1x3";
const FORWARD_PATH = `/api/v1/index/${FLAGSHIP}/forward`;
const NO_CURVE = "This service publishes no forward curve for this index.";

async function forwardOf(ref: ReferenceFixture): Promise<Loadable<Served<ForwardCurve>>> {
  return ref.client.forward(FLAGSHIP).then(
    (data) =>
      ({
        state: "ready",
        value: { data, fetchedAt: "", stale: false },
      }) as const,
    (error: unknown) => ({ state: "failed", error }) as const,
  );
}

// The section as FiguresSections renders it (the chart itself needs a browser; the e2e suite draws it).
const render = (forward: Loadable<Served<ForwardCurve>>) =>
  renderHtml(
    <Section title="Forward curve" load={forward} notFoundText={NO_FORWARD_CURVE}>
      {({ data }) => <p>{`${data.symbol} forward curve with ${data.curve.length} tenors`}</p>}
    </Section>,
  );

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
    const html = render(forward);
    expect(html).toContain(text.replace(/'/g, "&#x27;"));
    expect(html).not.toContain(NO_CURVE);
  });

  it("shows the curve when the request succeeds", async () => {
    const html = render(await forwardOf(ref));
    expect(html).toMatch(new RegExp(`${FLAGSHIP} forward curve with [1-9]\\d* tenors`));
    expect(html).not.toContain(NO_CURVE);
  });
});

describe("forward curve section on the older description", () => {
  it("says the service publishes no forward curve when the service answers 404", async () => {
    expect(NO_FORWARD_CURVE).toBe(NO_CURVE);
    const older = await startReference({ flavor: "older" });
    try {
      const forward = await forwardOf(older);
      expect(older.service.requests.filter((r) => r.path === FORWARD_PATH).map((r) => r.status)).toEqual([404]);
      const html = render(forward);
      expect(html).toContain(NO_CURVE);
      expect(html).not.toContain('role="alert"');
    } finally {
      await older.stop();
    }
  });
});
