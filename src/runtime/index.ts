/**
 * The shared runtime's engine side, with no Office calls: the engine of the current settings, their sign-in, the
 * freshness the pane shows, INDEX.LIVE's feed and refreshing. The Office adapter hands in what only Office has
 * (storage, recalculation, whether Office can sign the user in, MSAL).
 */
export { EngineHost, type EngineHostOptions } from "./engine-host";
export {
  CredentialWatch,
  fallbackFor,
  signInSession,
  type CredentialStatus,
  type SignInFallback,
  type SignInSessionOptions,
} from "./credential";
export {
  gatewayTokenProvider,
  type AccessTokenAnswer,
  type CredentialInUse,
  type NestableClient,
  type NestableClientFactory,
} from "./sign-in-token";
