/**
 * The desk gateway's face: start a replica (compose.ts builds its parts, app.ts its HTTP face from plugins/), and the
 * types of its options and of the running replica.
 */
export { startGateway } from "./compose";
export type { GatewayOptions, RunningGateway } from "./options/gateway-options";
