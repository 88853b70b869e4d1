/** The few parts of oidc-provider's API the sign-in tests use: it ships no types. */
declare module "oidc-provider" {
  import type { RequestListener } from "node:http";

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    /** The provider is a Koa application: its request listener, for a server the test owns. */
    callback(): RequestListener;
  }
}
