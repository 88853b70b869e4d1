import { NO_DATA_TYPE } from "../support/startup";
import { act, screen, within } from "@testing-library/react";
import axe from "axe-core";
import { EngineHost } from "../../src/runtime/engine-host";
import type { NestableClient } from "../../src/runtime";
import { MemoryStorage, SETTINGS_STORAGE_KEYS, SettingsStore } from "../../src/settings/index";
import { SettingsPanel } from "../../src/taskpane/components/SettingsPanel/SettingsPanel";
import type { StartupPort } from "../../src/taskpane/components/SettingsPanel/SettingsPanel.types";
import { closeLoopbackServers, startLoopbackServer, type LoopbackServer } from "../client/loopback-server";
import { renderPane } from "./render";

/**
 * The gateway sign-in fields in Settings, against the shared runtime's engine host: what the user types is checked
 * field by field, saved, and the next request carries the sign-in token (MSAL faked at its boundary) to the gateway,
 * a loopback server here that records what it was sent. A failing sign-in falls back to the desk token, said so.
 */
const STARTUP: StartupPort = { isOn: async () => true, setOn: async () => undefined };
const SYMBOL = "RTM-NWE-A-1x3";
const SIGN_IN = {
  clientId: "0a1b2c3d-0000-4000-8000-00000000abcd",
  authority: "https://login.microsoftonline.com/tenant-1",
  scope: "api://gateway/Index.Read",
};
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

let gateway: LoopbackServer;
const hosts: EngineHost[] = [];

beforeEach(async () => {
  gateway = await startLoopbackServer((_request, response) => response.writeHead(401).end("{}"));
});
afterEach(async () => {
  for (const host of hosts.splice(0)) host.close();
  await closeLoopbackServers();
});

/** MSAL's nestable client, faked: silent hands out numbered tokens, or says interaction is required. */
function fakeMsal(options: { popup?: "cancelled" } = {}) {
  const calls: string[] = [];
  const client: NestableClient = {
    acquireTokenSilent: async (request) => {
      calls.push(`silent ${request.scopes.join(" ")}`);
      if (options.popup === undefined) return { accessToken: `fake-token-${calls.length}` };
      throw Object.assign(new Error("interaction required"), { name: "InteractionRequiredAuthError" });
    },
    acquireTokenPopup: async (request) => {
      calls.push(`popup ${request.scopes.join(" ")}`);
      throw Object.assign(new Error("closed"), { name: "BrowserAuthError", errorCode: "user_cancelled" });
    },
  };
  return { calls, factory: () => Promise.resolve(client) };
}

function hostWith(storage: MemoryStorage, msal: ReturnType<typeof fakeMsal>): EngineHost {
  const host = new EngineHost({
    settings: new SettingsStore(storage),
    storage: new MemoryStorage(),
    recalc: async () => false,
    engineOptions: { batchWindowMs: 5 },
    nestedAppAuth: () => true,
    msal: msal.factory,
  });
  hosts.push(host);
  return host;
}

function renderHost(host: EngineHost, builtInSignIn?: typeof SIGN_IN) {
  const noTest = () => Promise.reject(new Error("Test connection is not part of this test."));
  return renderPane(
    <SettingsPanel
      store={host.settings}
      testConnection={noTest}
      startup={STARTUP}
      dataType={NO_DATA_TYPE}
      credential={host.credential}
      builtInSignIn={builtInSignIn}
    />,
  );
}

const field = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const signInGroup = () => screen.queryByRole("group", { name: "Gateway sign-in" });
const stored = async (storage: MemoryStorage) =>
  JSON.parse((await storage.getItem(SETTINGS_STORAGE_KEYS.settings)) ?? "null") as unknown;

/** The violations of axe-core's WCAG 2.1 AA rules in the rendered pane, by rule and element. */
async function axeViolations(container: HTMLElement): Promise<string[]> {
  // jsdom lays nothing out, so colour contrast cannot be measured here: the real-Chromium suite (test/e2e) checks it.
  const options = {
    runOnly: { type: "tag" as const, values: WCAG_21_AA },
    rules: { "color-contrast": { enabled: false } },
  };
  const result = await axe.run(container, options);
  // Rules that found nothing to check would pass vacuously: the form's labels and names must have been checked.
  expect(result.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(["label", "aria-valid-attr-value"]));
  return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")}`));
}

test("the fields are offered for a gateway only, say what to type, keep a bad entry, and the next request carries the token", async () => {
  const storage = new MemoryStorage();
  const msal = fakeMsal();
  const host = hostWith(storage, msal);
  const { user, container } = renderHost(host);
  await screen.findByText(/The desk token|None: requests go out anonymously/);
  expect(signInGroup()).toBeNull();

  await user.clear(field("Service base URL"));
  await user.type(field("Service base URL"), gateway.url);
  await user.click(screen.getByRole("checkbox", { name: "This URL is my desk's Index Data gateway" }));
  expect(signInGroup()).not.toBeNull();
  await user.type(field("Sign-in client id"), "my-app");
  await user.type(field("Sign-in authority"), "http://login.example.com/t");
  await user.click(screen.getByRole("button", { name: "Save" }));

  expect(await screen.findByText(/client id must be the app registration's id, a GUID/)).toBeTruthy();
  expect(screen.getByText(/authority must be an https:\/\/ URL/)).toBeTruthy();
  expect(screen.getByText(/Enter the scope too, e\.g\. api:\/\//)).toBeTruthy();
  expect(field("Sign-in client id").getAttribute("aria-invalid")).toBe("true");
  expect(field("Sign-in client id").value).toBe("my-app");
  expect(field("Sign-in authority").value).toBe("http://login.example.com/t");
  expect(await stored(storage)).toBeNull();
  expect(await axeViolations(container)).toEqual([]);

  await user.clear(field("Sign-in client id"));
  await user.type(field("Sign-in client id"), SIGN_IN.clientId);
  await user.clear(field("Sign-in authority"));
  await user.type(field("Sign-in authority"), `${SIGN_IN.authority}/`);
  await user.type(field("Sign-in scope"), SIGN_IN.scope);
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByRole("group", { name: "Saved" })).toBeTruthy();
  expect(await stored(storage)).toEqual({
    baseUrl: gateway.url,
    keyHeaderStyle: "x-api-key",
    gateway: true,
    signIn: SIGN_IN,
  });

  // No reload: the runtime's next request uses the sign-in just saved.
  await act(() => expect(host.userSource.latest(SYMBOL)).rejects.toMatchObject({ status: 401 }));
  expect(gateway.requests.map((r) => [r.headers["authorization"], r.headers["x-api-key"]])).toEqual([
    ["Bearer fake-token-1", undefined],
  ]);
  expect(msal.calls).toEqual([`silent ${SIGN_IN.scope}`]);
  const status = await screen.findByText(/Your Microsoft sign-in/);
  expect(status.getAttribute("data-credential")).toBe("sign-in");
  expect(await axeViolations(container)).toEqual([]);
});

test("a scope of another API (Microsoft Graph) is refused in its field, says what to type, keeps what was typed, saves nothing", async () => {
  const storage = new MemoryStorage();
  const host = hostWith(storage, fakeMsal());
  await host.settings.save({ baseUrl: gateway.url, gateway: true });
  const { user } = renderHost(host);
  await screen.findByRole("group", { name: "Gateway sign-in" });
  await user.type(field("Sign-in client id"), SIGN_IN.clientId);
  await user.type(field("Sign-in authority"), SIGN_IN.authority);
  await user.type(field("Sign-in scope"), "https://graph.microsoft.com/Mail.Read");
  await user.click(screen.getByRole("button", { name: "Save" }));

  expect(
    await screen.findByText(/scope must be a scope of your gateway's own API, api:\/\/<gateway app>\/<scope>/),
  ).toBeTruthy();
  expect(field("Sign-in scope").getAttribute("aria-invalid")).toBe("true");
  expect(field("Sign-in scope").value).toBe("https://graph.microsoft.com/Mail.Read");
  expect(field("Sign-in client id").getAttribute("aria-invalid")).not.toBe("true");
  expect(await stored(storage)).toEqual({ baseUrl: gateway.url, keyHeaderStyle: "x-api-key", gateway: true });
});

test("a sign-in the user cancels falls back to the desk token, the pane says why, and no popup comes again", async () => {
  const storage = new MemoryStorage();
  const msal = fakeMsal({ popup: "cancelled" });
  const host = hostWith(storage, msal);
  renderHost(host);
  await act(() => host.settings.save({ baseUrl: gateway.url, gateway: true, signIn: SIGN_IN, apiKey: "desk-token-1" }));
  await screen.findByText(/Your Microsoft sign-in/);

  await act(() => expect(host.userSource.latest(SYMBOL)).rejects.toMatchObject({ status: 401 }));
  const status = await screen.findByText(/The desk token/);
  expect(status.getAttribute("data-fallback")).toBe("cancelled");
  expect(screen.getByText(/sign-in window was closed before you signed in/).textContent).toMatch(
    /the desk token is used instead/,
  );
  await act(() => expect(host.userSource.latest(`${SYMBOL}-2`)).rejects.toMatchObject({ status: 401 }));
  expect(gateway.requests.map((r) => [r.headers["authorization"], r.headers["x-api-key"]])).toEqual([
    [undefined, "desk-token-1"],
    [undefined, "desk-token-1"],
  ]);
  expect(msal.calls).toEqual([`silent ${SIGN_IN.scope}`, `popup ${SIGN_IN.scope}`]);
});

test("Reset to build's sign-in empties the fields, and Save goes back to the build's sign-in", async () => {
  const storage = new MemoryStorage();
  await storage.setItem(
    SETTINGS_STORAGE_KEYS.settings,
    JSON.stringify({
      baseUrl: "https://gateway.desk.example",
      keyHeaderStyle: "x-api-key",
      gateway: true,
      signIn: SIGN_IN,
    }),
  );
  const host = hostWith(storage, fakeMsal());
  const { user } = renderHost(host, { ...SIGN_IN, clientId: "11111111-0000-4000-8000-000000000001" });
  const group = await screen.findByRole("group", { name: "Gateway sign-in" });
  expect(await within(group).findByDisplayValue(SIGN_IN.clientId)).toBe(field("Sign-in client id"));
  expect(group.textContent).toMatch(/built-in sign-in is for .* only/);

  await user.click(within(group).getByRole("button", { name: "Reset to build's sign-in" }));
  expect(field("Sign-in client id").value).toBe("");
  expect(within(group).getByRole("button", { name: "Reset to build's sign-in" })).toHaveProperty("disabled", true);
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByRole("group", { name: "Saved" })).toBeTruthy();
  expect(await stored(storage)).toEqual({
    baseUrl: "https://gateway.desk.example",
    keyHeaderStyle: "x-api-key",
    gateway: true,
  });
});

test("turning the gateway switch off hides the sign-in but keeps what was typed, and Save then stores no sign-in", async () => {
  const storage = new MemoryStorage();
  const host = hostWith(storage, fakeMsal());
  const { user } = renderHost(host);
  await screen.findByText(/The desk token|None: requests go out anonymously/);
  const gatewaySwitch = screen.getByRole("checkbox", { name: "This URL is my desk's Index Data gateway" });
  await user.click(gatewaySwitch);
  await user.type(field("Sign-in client id"), "half typed");
  await user.click(gatewaySwitch);
  expect(signInGroup()).toBeNull();
  await user.click(gatewaySwitch);
  expect(field("Sign-in client id").value).toBe("half typed");
  await user.click(gatewaySwitch);
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByRole("group", { name: "Saved" })).toBeTruthy();
  expect(await stored(storage)).not.toHaveProperty("signIn");
});
