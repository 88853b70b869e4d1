import { checkSignIn } from "@index-data/wire";
import {
  checkSettings,
  keepValidSettings,
  MemoryStorage,
  SettingsStore,
  signInOf,
  signInCleared,
  signInFieldErrors,
  BUILT_IN_SIGN_IN,
} from "../../src/settings";

/** The sign-in rules (@index-data/wire) and their place in the settings: all three or none, https, bound to the base URL. */
const SIGN_IN = {
  clientId: "00000000-0000-4000-8000-000000000abc",
  authority: "https://login.microsoftonline.com/tenant/",
  scope: "api://gateway/Indexes.Read",
};
const GATEWAY = "https://gateway.example.com";

test("all three, trimmed and the authority without its trailing slash, or none", () => {
  expect(checkSignIn({ ...SIGN_IN, clientId: ` ${SIGN_IN.clientId} ` })).toEqual({
    ok: true,
    signIn: { ...SIGN_IN, authority: "https://login.microsoftonline.com/tenant" },
  });
  expect(checkSignIn({ clientId: "", authority: " ", scope: "" })).toEqual({ ok: true, signIn: undefined });
});

test.each([
  ["only a client id", { clientId: SIGN_IN.clientId }, /all three/],
  ["a client id that is not a GUID", { ...SIGN_IN, clientId: "my-app" }, /GUID/],
  ["an http authority", { ...SIGN_IN, authority: "http://login.example.com/t" }, /https/],
  ["an authority that is not a URL", { ...SIGN_IN, authority: "login" }, /not a URL/],
  ["two scopes", { ...SIGN_IN, scope: "a b" }, /one scope/],
  ["a Microsoft Graph scope", { ...SIGN_IN, scope: "User.Read" }, /scope of your gateway's own API, api:\/\//],
  ["Microsoft Graph's .default", { ...SIGN_IN, scope: "https://graph.microsoft.com/.default" }, /gateway's own API/],
  ["Graph by its full name", { ...SIGN_IN, scope: "https://graph.microsoft.com/Mail.Read" }, /gateway's own API/],
  ["an application ID URI without a scope", { ...SIGN_IN, scope: "api://gateway" }, /gateway's own API/],
  ["an application ID URI ending in a slash", { ...SIGN_IN, scope: "api://gateway/" }, /gateway's own API/],
  ["openid alone", { ...SIGN_IN, scope: "openid" }, /gateway's own API/],
])("refuses %s, saying what to do", (_name, input, message) => {
  const checked = checkSignIn(input);
  expect(checked.ok).toBe(false);
  expect(checked.ok ? "" : checked.message).toMatch(message);
});

test("a scope of the gateway's own API is taken: its .default, a named scope, an application ID URI with a path", () => {
  for (const scope of [
    "api://gateway/.default",
    "api://0a1b2c3d-0000-4000-8000-00000000abcd/Indexes.Read",
    "api://gateway.desk.example/0a1b2c3d-0000-4000-8000-00000000abcd/access_as_user",
  ]) {
    expect(checkSignIn({ ...SIGN_IN, scope })).toEqual({ ok: true, signIn: expect.objectContaining({ scope }) });
  }
});

test("settings keep a sign-in, refuse one for a plain-http gateway, and a stored one comes back", async () => {
  const checked = checkSettings({ baseUrl: GATEWAY, gateway: true, signIn: SIGN_IN });
  expect(checked.ok && checked.settings.signIn?.clientId).toBe(SIGN_IN.clientId);
  const overHttp = checkSettings({ baseUrl: "http://gateway.example.com", signIn: SIGN_IN });
  expect(overHttp.ok ? undefined : overHttp.errors.signIn).toMatch(/only sent over https/);

  const store = new SettingsStore(new MemoryStorage());
  await store.save({ baseUrl: GATEWAY, gateway: true, signIn: SIGN_IN });
  const loaded = await store.loadChecked();
  expect(loaded.dropped).toEqual([]);
  expect(signInOf(loaded.settings)).toEqual({ ...SIGN_IN, authority: "https://login.microsoftonline.com/tenant" });
});

test("a stored sign-in that is unreadable, or saved for a base URL left out, is not used, and said so", () => {
  const unreadable = keepValidSettings({ baseUrl: GATEWAY, signIn: "yes" });
  expect(unreadable.settings.signIn).toBeUndefined();
  expect(unreadable.dropped).toEqual([{ field: "signIn", because: "unreadable" }]);
  const heldBack = keepValidSettings({ baseUrl: "ftp://nowhere", signIn: SIGN_IN });
  expect(heldBack.settings.signIn).toBeUndefined();
  expect(heldBack.dropped).toContainEqual({ field: "signIn", because: "service-dropped" });
});

test("without settings of its own, a build without INDEX_SIGNIN_* names no sign-in", () => {
  expect(BUILT_IN_SIGN_IN).toBeUndefined();
  expect(signInOf({ baseUrl: GATEWAY, keyHeaderStyle: "x-api-key" })).toBeUndefined();
});

describe("the sign-in as three form fields", () => {
  test("each wrong field gets its own message saying what to type; all empty or all valid gets none", () => {
    expect(signInFieldErrors({ clientId: " ", authority: "", scope: "" })).toEqual({});
    expect(signInFieldErrors(SIGN_IN)).toEqual({});
    const errors = signInFieldErrors({ clientId: "my-app", authority: "http://login.example.com/t", scope: "" });
    expect(errors.clientId).toMatch(/GUID/);
    expect(errors.authority).toMatch(/must be an https:\/\/ URL/);
    expect(errors.scope).toMatch(/^Enter the scope too, e\.g\. api:\/\/.*Or clear all three/);
    expect(signInFieldErrors({ ...SIGN_IN, scope: "api://a/.default api://b/.default" })).toEqual({
      scope: expect.stringMatching(/one scope/),
    });
    expect(signInCleared({ clientId: "", authority: " " })).toBe(true);
  });

  test("a sign-in of the user's own is for a gateway: refused with the switch off, and left out when stored so", () => {
    const off = checkSettings({ baseUrl: GATEWAY, signIn: SIGN_IN });
    expect(off.ok ? undefined : off.errors.signIn).toMatch(/turn on "This URL is my desk's Index Data gateway"/);
    const loaded = keepValidSettings({ baseUrl: GATEWAY, keyHeaderStyle: "x-api-key", signIn: SIGN_IN });
    expect(loaded.settings).toEqual({ baseUrl: GATEWAY, keyHeaderStyle: "x-api-key" });
    expect(loaded.dropped).toEqual([
      { field: "signIn", because: "rule", message: expect.stringMatching(/Sign-in is for your desk's gateway/) },
    ]);
  });
});

describe("the build's sign-in", () => {
  const globals = globalThis as { __INDEX_SIGNIN__?: unknown; __INDEX_API_BASE_URL__?: unknown };
  afterEach(() => {
    delete globals.__INDEX_SIGNIN__;
    delete globals.__INDEX_API_BASE_URL__;
  });

  test("is the default for the build's base URL only, and the user's own overrides it", () => {
    globals.__INDEX_SIGNIN__ = SIGN_IN;
    globals.__INDEX_API_BASE_URL__ = GATEWAY;
    let built: typeof import("../../src/settings") | undefined;
    jest.isolateModules(() => {
      built = jest.requireActual<typeof import("../../src/settings")>("../../src/settings");
    });
    if (built === undefined) throw new Error("the settings module did not load");
    const normalized = { ...SIGN_IN, authority: "https://login.microsoftonline.com/tenant" };
    expect(built.BUILT_IN_SIGN_IN).toEqual(normalized);
    expect(built.signInOf({ baseUrl: GATEWAY, keyHeaderStyle: "x-api-key" })).toEqual(normalized);
    // Another URL never gets a token for the build's gateway.
    expect(built.signInOf({ baseUrl: "https://elsewhere.example", keyHeaderStyle: "x-api-key" })).toBeUndefined();
    const own = { ...normalized, scope: "api://gateway/.default" };
    expect(built.signInOf({ baseUrl: GATEWAY, keyHeaderStyle: "x-api-key", gateway: true, signIn: own })).toBe(own);
  });
});
