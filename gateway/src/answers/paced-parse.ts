import { z } from "zod";

/** A body this long is read a stage at a time (answer-check.ts, the MCP tools' reads): 20,000 history points are 1–3 MB. */
export const LONG_BODY_CHARS = 256 * 1024;

/** Elements of a long list checked between two turns of the event loop. */
const SLICE = 2000;

/** Lets the event loop serve what waits (a trader's request) before the work goes on. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** What `schema.safeParse` answers, without the issues (nobody reads them: a body either passes or is no answer). */
export type Parsed = { readonly success: true; readonly data: unknown } | { readonly success: false };

/** The object's list fields checked in slices: bare arrays with no checks of their own (a history's values). */
function sliced(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape).flatMap(([key, field]) =>
    field instanceof z.ZodArray && (field._zod.def.checks ?? []).length === 0 ? [key] : [],
  );
}

/**
 * `schema.safeParse(value)`, the same outcome, but a long list field of an object schema (a history's 20,000 points, a
 * catalogue's 15,000 entries) is checked SLICE elements at a time, with `pause` between slices, so no check holds the
 * event loop for long. Any other schema is checked at once.
 */
export async function parsePaced(schema: z.ZodType, value: unknown, pause: () => Promise<void>): Promise<Parsed> {
  const keys = schema instanceof z.ZodObject ? sliced(schema) : [];
  const lists = keys.filter((key) => Array.isArray((value as Record<string, unknown> | null)?.[key]));
  if (!(schema instanceof z.ZodObject) || lists.length === 0) return schema.safeParse(value);
  const rest = schema.extend(Object.fromEntries(lists.map((key) => [key, z.array(z.unknown())]))).safeParse(value);
  if (!rest.success) return { success: false };
  const data = rest.data as Record<string, unknown>;
  for (const key of lists) {
    const element = z.array((schema.shape[key] as z.ZodArray).element);
    const items = data[key] as unknown[];
    const checked: unknown[] = [];
    for (let from = 0; from < items.length; from += SLICE) {
      if (from > 0) await pause();
      const slice = element.safeParse(items.slice(from, from + SLICE));
      if (!slice.success) return { success: false };
      for (const item of slice.data) checked.push(item);
    }
    data[key] = checked;
  }
  return { success: true, data };
}
