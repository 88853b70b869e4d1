import { FAULT_KINDS, faultOf } from "@index-data/wire/errors";
import { TERMINAL_WORDING } from "../../src/cli/terminal-wording";
import { describeError, PANE_WORDING } from "../../src/taskpane/model/errors";
import { ERROR_CLASS_NAMES, errorNamed } from "../client/fault-samples";

describe("the pane's words for faults", () => {
  it("words every fault kind, as the terminal does", () => {
    expect(Object.keys(PANE_WORDING).sort()).toEqual([...FAULT_KINDS].sort());
    expect(Object.keys(TERMINAL_WORDING).sort()).toEqual([...FAULT_KINDS].sort());
  });

  it("gives every class of the family a banner sentence that is not its raw message", () => {
    for (const name of ERROR_CLASS_NAMES) {
      const text = describeError(errorNamed(name, ""));
      expect({ name, ends: /[.?]$/.test(text) }).toEqual({ name, ends: true });
    }
  });

  it("says the client's own advice for settings, arguments and our queue, and names the status of a refused key", () => {
    expect(describeError(errorNamed("ConfigurationError", "Use an https:// base URL."))).toBe(
      "Use an https:// base URL.",
    );
    expect(describeError(errorNamed("BadRequestError", "startDate is not a date."))).toBe("startDate is not a date.");
    expect(describeError(errorNamed("UnauthorizedError", "x", { status: 403 }))).toBe(
      "The service refused the API key (HTTP 403). Check the key in Settings, or clear it to use the public tier.",
    );
    // Read on Settings itself, the advice points at the field, not at Settings.
    expect(describeError(errorNamed("UnauthorizedError", "x", { status: 401 }), "settings")).toBe(
      "The service refused the API key (HTTP 401). Check the key above, or clear it to use the public tier.",
    );
    expect(describeError(new Error("boom"))).toBe("boom");
    expect(describeError("weird")).toBe("Something went wrong.");
  });

  it("words an unknown index as the cell and the terminal do", () => {
    const unknown = faultOf(
      errorNamed("NotFoundError", "x", { path: "/api/v1/index/NOPE/latest", code: "UNKNOWN_SYMBOL" }),
      {
        symbol: "NOPE",
        what: "latest fix",
      },
    );
    expect(unknown.kind).toBe("unknown-symbol");
    expect(PANE_WORDING[unknown.kind].text(unknown, "The service")).toBe(
      "Unknown index: check the symbol (the Indexes tab shows every index; symbols are case-sensitive).",
    );
    const inCase = { kind: "wrong-case" as const, details: { meant: "RTM-NWE-A-1x3" }, cause: undefined };
    expect(PANE_WORDING[inCase.kind].text(inCase, "The service")).toBe(
      "Unknown index; symbols are case-sensitive: did you mean 'RTM-NWE-A-1x3'?",
    );
  });

  it("names the base URL under test where it is the cause", () => {
    const fault = faultOf(errorNamed("NotFoundError", "x", { path: "/api/v1/indexes", status: 404 }));
    expect(fault.kind).toBe("wrong-base-url");
    expect(PANE_WORDING[fault.kind].text(fault, "http://x")).toBe(
      "http://x answered (HTTP 404), but not as an Index Data Service: /api/v1/indexes is missing. Check the base URL.",
    );
  });
});
