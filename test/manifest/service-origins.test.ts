import { buildServices, buildSummary } from "../../scripts/service-origins.cjs";
import { DEV_BASE_URL } from "../../scripts/deploy-origin.cjs";

/** The services a build may reach: INDEX_API_BASE_URL and INDEX_API_ALLOWED_ORIGINS, checked at build time. */
const DEPLOY = "https://addin.example.com/";

describe("the services of a build", () => {
  it("is the dev server alone for a local build", () => {
    expect(buildServices({}, DEV_BASE_URL)).toEqual({
      defaultUrl: "https://localhost:3000",
      choices: ["https://localhost:3000"],
      origins: ["https://localhost:3000"],
      local: true,
    });
  });

  it("refuses a deployment build without INDEX_API_BASE_URL, saying where its requests would go and what to set", () => {
    expect(() => buildServices({ INDEX_API_ALLOWED_ORIGINS: "https://gw.example.com" }, DEPLOY)).toThrow(
      "INDEX_API_BASE_URL is not set, so this build for https://addin.example.com/ would send every request (and API key) to " +
        "https://localhost:3000, a developer's own machine. Set it to the service or desk gateway your users read from, " +
        "e.g. INDEX_API_BASE_URL=https://indexes.example.com; list other services they may pick in INDEX_API_ALLOWED_ORIGINS (comma-separated).",
    );
  });

  it("offers the default first, then the allowed services, and lets the pages connect to their origins only", () => {
    const services = buildServices(
      {
        INDEX_API_BASE_URL: "https://indexes.example.com/api/v1/",
        INDEX_API_ALLOWED_ORIGINS:
          " https://gw.example.com/desk , https://sandbox.example.com,https://indexes.example.com",
      },
      DEPLOY,
    );
    expect(services).toEqual({
      defaultUrl: "https://indexes.example.com",
      choices: ["https://indexes.example.com", "https://gw.example.com/desk", "https://sandbox.example.com"],
      origins: ["https://indexes.example.com", "https://gw.example.com", "https://sandbox.example.com"],
      local: false,
    });
    expect(buildSummary(DEPLOY, services, "1.2.3")).toBe(
      [
        "Index Data 1.2.3: a deployment build for https://addin.example.com/ (ADDIN_BASE_URL).",
        "  Service: https://indexes.example.com (INDEX_API_BASE_URL); users may also pick https://gw.example.com/desk, https://sandbox.example.com (INDEX_API_ALLOWED_ORIGINS).",
        "  The pages' Content-Security-Policy lets them connect to no other service.",
        "  Wrote manifest.xml, manifest.json and app-package.zip; install them as the README's Install section says.",
      ].join("\n"),
    );
  });

  it.each([
    [
      { INDEX_API_BASE_URL: "http://indexes.example.com" },
      'INDEX_API_BASE_URL "http://indexes.example.com" must start with https:// (plain http only to this machine)',
    ],
    [{ INDEX_API_BASE_URL: "indexes.example.com" }, 'INDEX_API_BASE_URL "indexes.example.com" is not a URL'],
    [
      { INDEX_API_BASE_URL: "https://u:p@indexes.example.com" },
      'INDEX_API_BASE_URL "https://u:p@indexes.example.com" must not contain a user name, password, ? or #',
    ],
    [
      { INDEX_API_BASE_URL: "https://indexes.example.com", INDEX_API_ALLOWED_ORIGINS: "gw" },
      'INDEX_API_ALLOWED_ORIGINS entry "gw" is not a URL',
    ],
  ])("refuses %j", (env, message) => {
    expect(() => buildServices(env, DEPLOY)).toThrow(
      `${message} (e.g. INDEX_API_BASE_URL=https://indexes.example.com)`,
    );
  });

  it("accepts plain http to this machine (a gateway on loopback)", () => {
    expect(buildServices({ INDEX_API_BASE_URL: "http://127.0.0.1:8080" }, DEPLOY).origins).toEqual([
      "http://127.0.0.1:8080",
    ]);
  });
});
