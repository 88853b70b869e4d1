import { ADDIN } from "../../scripts/addin/description.cjs";
import { unifiedSchemaProblems } from "../../scripts/addin/unified-schema.cjs";
import { unifiedManifest } from "../../scripts/addin/unified-manifest.cjs";
import { BUILD_UNDER_TEST } from "../support/build-under-test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** webApplicationInfo: present (and valid against schema 1.25) only when the build names a client id. */
const BASE = "https://addin.example.com/index-data/";
const CLIENT_ID = "00000000-0000-4000-8000-000000000abc";
const options = { baseUrl: BASE, metadataFile: "functions.json" };

test("a client id built in gives webApplicationInfo with the add-in's SSO resource, and the manifest validates", () => {
  const manifest = unifiedManifest(ADDIN, { ...options, signIn: { clientId: CLIENT_ID } });
  expect(manifest["webApplicationInfo"]).toEqual({ id: CLIENT_ID, resource: `api://addin.example.com/${CLIENT_ID}` });
  expect(unifiedSchemaProblems(manifest)).toEqual([]);
  const given = unifiedManifest(ADDIN, { ...options, signIn: { clientId: CLIENT_ID, resource: "api://x/y" } });
  expect(given["webApplicationInfo"]).toEqual({ id: CLIENT_ID, resource: "api://x/y" });
});

test("without a client id there is none (the build under test names none), and a wrong one stops the build", () => {
  expect(unifiedManifest(ADDIN, options)["webApplicationInfo"]).toBeUndefined();
  const built = JSON.parse(readFileSync(join(BUILD_UNDER_TEST, "manifest.json"), "utf8")) as Record<string, unknown>;
  expect(built["webApplicationInfo"]).toBeUndefined();
  expect(() => unifiedManifest(ADDIN, { ...options, signIn: { clientId: "my-app" } })).toThrow(/GUID/);
});
