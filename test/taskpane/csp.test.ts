import { connectAllowed, connectSources } from "../../src/taskpane/model/csp";

const POLICY =
  "default-src 'self'; script-src 'self'; connect-src 'self' https://indexes.example.com; style-src 'self' 'unsafe-inline'";

describe("the settings form's Content-Security-Policy check", () => {
  it("reads connect-src, falling back to default-src", () => {
    expect(connectSources(POLICY)).toEqual(["'self'", "https://indexes.example.com"]);
    expect(connectSources("default-src 'self'")).toEqual(["'self'"]);
    expect(connectSources("img-src data:")).toBeUndefined();
  });

  it("allows the page's own origin and the configured service, nothing else", () => {
    const self = "https://localhost:3000";
    expect(connectAllowed(POLICY, "https://localhost:3000/x", self)).toBe(true);
    expect(connectAllowed(POLICY, "https://indexes.example.com/base", self)).toBe(true);
    expect(connectAllowed(POLICY, "https://evil.example.com", self)).toBe(false);
    expect(connectAllowed(POLICY, "http://indexes.example.com", self)).toBe(false);
    expect(connectAllowed(undefined, "https://anything.example.com", self)).toBe(true);
  });
});
