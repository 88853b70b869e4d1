// The Index data type's load service: Excel calls it (never a formula) to load and refresh the cells Convert to
// Index linked to the "index" domain (src/office/data-type-domain.ts registers the domain with this function's id).
import { loadIndexEntities } from "../excel";
import { loadServiceResult } from "./runtime";

/**
 * Loads Index entities for Excel's Index data type: each symbol's latest fix as the card INDEX.CARD shows.
 * @customfunction ENTITYSERVICE ENTITYSERVICE
 * @linkedEntityLoadService
 * @param request The entities Excel asks for (a LinkedEntityLoadServiceRequest, as JSON text).
 * @returns The entities, in the order asked (a LinkedEntityLoadServiceResult).
 */
export function entityService(request: unknown): Promise<unknown> {
  return loadServiceResult((env) => loadIndexEntities(env, request));
}
