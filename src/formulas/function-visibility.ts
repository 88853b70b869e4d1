import { subjectOf, type IndexDataSource } from "../client";
import { faultOf } from "@index-data/wire";

/**
 * The INDEX functions whose endpoints only the newer description of the service publishes (the forward curve, the
 * benchmark health, the system status): AutoComplete leaves them out against a service of the older description.
 */
export const NEWER_ONLY_FUNCTIONS = ["FORWARD", "HEALTH", "STATUS"] as const;

/** Which functions AutoComplete shows and hides (Excel.CustomFunctionVisibilityOptions, by function name). */
export interface FunctionVisibility {
  readonly show: string[];
  readonly hide: string[];
}

/** What AutoComplete offers for a service of the newer (true) or the older description. */
export function functionVisibility(newer: boolean): FunctionVisibility {
  const names = [...NEWER_ONLY_FUNCTIONS];
  return newer ? { show: names, hide: [] } : { show: [], hide: names };
}

/**
 * Whether the connected service publishes the newer description, asked once of `/api/status` (which only the newer
 * one has): true when it answers (a last-known answer counts), false when it is not published, undefined when the
 * service cannot say now (down, refused): then AutoComplete is left as it is.
 */
export async function publishesNewerDescription(
  source: Pick<IndexDataSource, "systemStatus">,
): Promise<boolean | undefined> {
  try {
    await source.systemStatus();
    return true;
  } catch (error) {
    return faultOf(error, subjectOf("systemStatus", [])).kind === "not-published" ? false : undefined;
  }
}
