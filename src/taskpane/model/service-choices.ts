import { DEFAULT_BASE_URL } from "../../settings";

/** Replaced at build time (webpack's DefinePlugin) by the services of INDEX_API_BASE_URL and INDEX_API_ALLOWED_ORIGINS. */
declare const __INDEX_API_CHOICES__: readonly string[] | undefined;

/**
 * The services this build lets the pane talk to, the default first: the page's Content-Security-Policy allows
 * their origins and no other (scripts/service-origins.cjs builds both from the same variables).
 */
export const SERVICE_CHOICES: readonly string[] =
  typeof __INDEX_API_CHOICES__ !== "undefined" && __INDEX_API_CHOICES__.length > 0
    ? __INDEX_API_CHOICES__
    : [DEFAULT_BASE_URL];

/**
 * Why a service URL cannot be used: its origin is outside the services this build allows. Said the same way by
 * the URL field's warning and by Test connection.
 */
export function outsideAllowedServices(origin: string, choices: readonly string[] = SERVICE_CHOICES): string {
  const allowed =
    choices.length === 1
      ? `the service it was built for, ${choices[0]}`
      : `the services it was built for: ${choices.join(", ")}`;
  return (
    `${origin} is outside the services this build of the add-in allows, so the browser blocks it before any request. ` +
    `It allows ${allowed}. Pick one of them, or ask whoever deploys the add-in to add ${origin} to INDEX_API_ALLOWED_ORIGINS and rebuild it.`
  );
}
