import { nestedAppAuthSupported } from "../../src/office";
import {
  CredentialWatch,
  fallbackFor,
  gatewayTokenProvider,
  signInSession,
  type CredentialStatus,
  type NestableClient,
} from "../../src/runtime";
import { FakeOfficeHost, type Requirements } from "../support/office-fake/office-host";

/** NAA detection through Office's requirement sets, and the MSAL adapter with MSAL faked at its factory. */
const SIGN_IN = {
  clientId: "00000000-0000-4000-8000-000000000abc",
  authority: "https://login.microsoftonline.com/tenant",
  scope: "api://gateway/Indexes.Read",
};

afterEach(() => FakeOfficeHost.uninstall());

test("NAA is detected through the NestedAppAuth 1.1 requirement set, and absent outside Office", () => {
  expect(nestedAppAuthSupported()).toBe(false);
  const hosts: Requirements[] = [
    { ExcelApi: "1.20", NestedAppAuth: "1.1" },
    { ExcelApi: "1.20" },
    { ExcelApi: "1.20", NestedAppAuth: "1.0" },
    "not ready",
  ];
  const asked = hosts.flatMap((requirements) => {
    const office = new FakeOfficeHost({ requirements }).install();
    return [String(nestedAppAuthSupported()), ...office.asked];
  });
  expect(asked).toEqual([
    ...["true", "NestedAppAuth 1.1"],
    ...["false", "NestedAppAuth 1.1"],
    ...["false", "NestedAppAuth 1.1"],
    ...["false", "NestedAppAuth 1.1"],
  ]);
});

test("one MSAL client is made on first use and kept; a failure other than interaction-required is handed on", async () => {
  const made: string[] = [];
  let silent = 0;
  const client: NestableClient = {
    acquireTokenSilent: async () => {
      silent += 1;
      if (silent === 2) throw Object.assign(new Error("network down"), { name: "BrowserAuthError" });
      return { accessToken: `token-${silent}` };
    },
    acquireTokenPopup: () => Promise.reject(new Error("no popup expected")),
  };
  const provider = gatewayTokenProvider(SIGN_IN, async (config) => (made.push(config.clientId), client));
  expect(await provider()).toBe("token-1");
  await expect(provider()).rejects.toThrow("network down");
  expect(await provider()).toBe("token-3");
  expect(made).toEqual([SIGN_IN.clientId]);
});

test("a factory that failed (MSAL could not load) is tried again on the next request", async () => {
  let attempts = 0;
  const client: NestableClient = {
    acquireTokenSilent: async () => ({ accessToken: "token" }),
    acquireTokenPopup: async () => ({ accessToken: "token" }),
  };
  const provider = gatewayTokenProvider(SIGN_IN, async () => {
    attempts += 1;
    if (attempts === 1) throw new Error("chunk failed to load");
    return client;
  });
  await expect(provider()).rejects.toThrow("chunk failed to load");
  expect(await provider()).toBe("token");
  expect(attempts).toBe(2);
});

/** MSAL errors as it names them (by name and code: the lazily loaded chunk's classes are not importable here). */
const msalError = (name: string, errorCode: string) => Object.assign(new Error(errorCode), { name, errorCode });

/** A session over a scripted client; `seen` is every status the watch announced. */
function session(client: NestableClient, options: { hasKey?: boolean } = {}) {
  const watch = new CredentialWatch();
  const seen: CredentialStatus[] = [];
  watch.subscribe((status) => seen.push(status));
  const provider = signInSession({
    signIn: SIGN_IN,
    hasKey: options.hasKey ?? true,
    supported: () => true,
    watch,
    factory: async () => client,
  });
  if (provider === undefined) throw new Error("a named sign-in with NAA gives a provider");
  return { provider, watch, seen };
}

test("without a sign-in there is no provider; without NAA, MSAL is not asked; the watch says which credential goes out", async () => {
  const watch = new CredentialWatch();
  const none = () => Promise.reject(new Error("MSAL must not be asked"));
  const always = () => true;
  expect(signInSession({ signIn: undefined, hasKey: true, supported: always, watch, factory: none })).toBeUndefined();
  expect(watch.current()).toEqual({ credential: "desk-token", signInNamed: false });
  let naa = false;
  const client: NestableClient = {
    acquireTokenSilent: async () => ({ accessToken: "token-1" }),
    acquireTokenPopup: () => Promise.reject(new Error("no popup expected")),
  };
  const supported = () => naa;
  const provider = signInSession({ signIn: SIGN_IN, hasKey: false, supported, watch, factory: async () => client });
  expect(watch.current()).toEqual({ credential: "none", signInNamed: true, fallback: "no-naa" });
  expect(await provider?.()).toBeUndefined();
  // Office said late that it can sign the user in (the runtime started before Office was ready).
  naa = true;
  expect(await provider?.()).toBe("token-1");
  expect(watch.current()).toEqual({ credential: "sign-in", signInNamed: true });
});

test("a popup the user closes falls back to the desk token, said once, and no popup comes again", async () => {
  const calls: string[] = [];
  const { provider, seen } = session({
    acquireTokenSilent: async () => {
      calls.push("silent");
      throw msalError("InteractionRequiredAuthError", "interaction_required");
    },
    acquireTokenPopup: async () => {
      calls.push("popup");
      throw msalError("BrowserAuthError", "user_cancelled");
    },
  });
  // Two requests at once share one attempt: one popup.
  expect(await Promise.all([provider(), provider()])).toEqual([undefined, undefined]);
  expect(await provider()).toBeUndefined();
  expect(calls).toEqual(["silent", "popup"]);
  expect(seen).toEqual([
    { credential: "sign-in", signInNamed: true },
    { credential: "desk-token", signInNamed: true, fallback: "cancelled" },
  ]);
});

test("consent the popup cannot get is said as such; a failure MSAL may get over is tried again next time", async () => {
  const consent = session(
    {
      acquireTokenSilent: () => Promise.reject(msalError("InteractionRequiredAuthError", "consent_required")),
      acquireTokenPopup: () => Promise.reject(msalError("InteractionRequiredAuthError", "consent_required")),
    },
    { hasKey: false },
  );
  expect(await consent.provider()).toBeUndefined();
  expect(consent.watch.current()).toEqual({ credential: "none", signInNamed: true, fallback: "consent" });

  let silent = 0;
  const flaky = session({
    acquireTokenSilent: async () => {
      silent += 1;
      if (silent === 1) throw msalError("BrowserAuthError", "no_network_connectivity");
      return { accessToken: "token-2" };
    },
    acquireTokenPopup: () => Promise.reject(new Error("no popup expected")),
  });
  expect(await flaky.provider()).toBeUndefined();
  expect(flaky.watch.current().fallback).toBe("failed");
  expect(await flaky.provider()).toBe("token-2");
  expect(flaky.watch.current()).toEqual({ credential: "sign-in", signInNamed: true });
});

test("MSAL's failures are read by name and code", () => {
  expect(fallbackFor(msalError("BrowserAuthError", "user_cancelled"))).toBe("cancelled");
  expect(fallbackFor(msalError("NestedAppAuthError", "nested_app_auth_bridge_disabled"))).toBe("no-naa");
  expect(fallbackFor(msalError("InteractionRequiredAuthError", "interaction_required"))).toBe("consent");
  expect(fallbackFor(msalError("ServerError", "consent_required"))).toBe("consent");
  expect(fallbackFor(new Error("chunk failed to load"))).toBe("failed");
  expect(fallbackFor("not an error")).toBe("failed");
});
