import { OfficeMockObject } from "office-addin-mock";
import { credentialInUse, gatewayTokenProvider, nestedAppAuthSupported } from "../../src/office";
import type { NestableClient } from "../../src/office";

/** NAA detection through Office's requirement sets, and the MSAL adapter with MSAL faked at its factory. */
const globals = globalThis as { Office?: unknown };
const SIGN_IN = {
  clientId: "00000000-0000-4000-8000-000000000abc",
  authority: "https://login.microsoftonline.com/tenant",
  scope: "api://gateway/Indexes.Read",
};

afterEach(() => {
  delete globals.Office;
});

function officeSaying(isSetSupported: (name: string, version: string) => boolean, asked: string[]): void {
  globals.Office = new OfficeMockObject({
    context: {
      requirements: {
        isSetSupported: (name: string, version: string) => (
          asked.push(`${name} ${version}`),
          isSetSupported(name, version)
        ),
      },
    },
  });
}

test("NAA is detected through the NestedAppAuth 1.1 requirement set, and absent outside Office", () => {
  expect(nestedAppAuthSupported()).toBe(false);
  const asked: string[] = [];
  officeSaying(() => true, asked);
  expect(nestedAppAuthSupported()).toBe(true);
  officeSaying(() => false, asked);
  expect(nestedAppAuthSupported()).toBe(false);
  officeSaying(() => {
    throw new Error("not ready");
  }, asked);
  expect(nestedAppAuthSupported()).toBe(false);
  expect(asked).toEqual(["NestedAppAuth 1.1", "NestedAppAuth 1.1", "NestedAppAuth 1.1"]);
});

test("without NAA the desk token is in use; with it, the sign-in; without either, none", () => {
  expect(credentialInUse(SIGN_IN, true, true)).toBe("sign-in");
  expect(credentialInUse(SIGN_IN, true, false)).toBe("desk-token");
  expect(credentialInUse(undefined, true, true)).toBe("desk-token");
  expect(credentialInUse(SIGN_IN, false, false)).toBe("none");
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
