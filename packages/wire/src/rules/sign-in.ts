/**
 * The rules of a gateway's sign-in (OpenID Connect, Microsoft Entra ID first), in one place for the build, the
 * settings and the client: what a client id, an authority and a scope look like, and where a token may be sent.
 */

/** A gateway with sign-in, as the add-in's app registration names it. */
export interface SignInConfig {
  /** The add-in's app registration (a GUID), the client MSAL acts as. */
  readonly clientId: string;
  /** The issuing authority, e.g. `https://login.microsoftonline.com/<tenant>`; https only. */
  readonly authority: string;
  /** The gateway's scope, e.g. `api://gateway.example.com/<id>/access_as_user`: a scope of the gateway's own API only. */
  readonly scope: string;
}

/** Sign-in settings as typed or built in: untrimmed, possibly empty. */
export interface SignInInput {
  readonly clientId?: string | undefined;
  readonly authority?: string | undefined;
  readonly scope?: string | undefined;
}

type SignInCheck =
  { readonly ok: true; readonly signIn: SignInConfig | undefined } | { readonly ok: false; readonly message: string };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A scope is one token of visible ASCII (RFC 6749 §3.3), short enough to be a paste and not a file. */
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]{1,256}$/;

/**
 * A scope of the gateway's own API: its `api://` application ID URI and one scope under it (`.default` or a named
 * one). Never a scope of another API (Microsoft Graph's `User.Read`, `https://graph.microsoft.com/.default`): the
 * add-in would fetch that API's token and hand it to the gateway.
 */
const GATEWAY_SCOPE = /^api:\/\/[^/]+(\/[^/]+)*\/[^/]+$/;

const GATEWAY_SCOPE_MESSAGE =
  "The sign-in scope must be a scope of your gateway's own API, api://<gateway app>/<scope> (e.g. api://<gateway app>/.default), as the gateway's administrator gives it: a scope of another API, such as Microsoft Graph's, would send that API's token to the gateway.";

const INCOMPLETE_MESSAGE =
  "Sign-in needs all three of client id, authority and scope (ask the gateway's administrator), or none of them.";

function authorityProblem(authority: string): string | undefined {
  let url: URL;
  try {
    url = new URL(authority);
  } catch {
    // Expected: the answer says what to enter.
    return "The sign-in authority is not a URL; use e.g. https://login.microsoftonline.com/<tenant id>.";
  }
  if (url.protocol !== "https:") return "The sign-in authority must be an https:// URL.";
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "") {
    return "The sign-in authority must be a plain https:// URL, without credentials, query or fragment.";
  }
  return undefined;
}

/** Checks sign-in settings: all three (trimmed and valid), or none (no sign-in). Never throws. */
export function checkSignIn(input: SignInInput): SignInCheck {
  const clientId = input.clientId?.trim() ?? "";
  const authority = input.authority?.trim() ?? "";
  const scope = input.scope?.trim() ?? "";
  const given = [clientId, authority, scope].filter((value) => value !== "").length;
  if (given === 0) return { ok: true, signIn: undefined };
  if (given < 3) return { ok: false, message: INCOMPLETE_MESSAGE };
  if (!GUID.test(clientId)) {
    return { ok: false, message: "The sign-in client id must be the app registration's id, a GUID." };
  }
  const problem = authorityProblem(authority);
  if (problem !== undefined) return { ok: false, message: problem };
  if (!SCOPE.test(scope)) {
    return { ok: false, message: "The sign-in scope must be one scope, without spaces, e.g. api://…/access_as_user." };
  }
  if (!GATEWAY_SCOPE.test(scope)) return { ok: false, message: GATEWAY_SCOPE_MESSAGE };
  return { ok: true, signIn: { clientId, authority: authority.replace(/\/+$/, ""), scope } };
}
