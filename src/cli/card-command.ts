import { buildCardEntity, cardLines, type EntityCellValue } from "../excel/entity";
import { catalogueEntry } from "../excel/formulas/card";
import type { CommandContext } from "./commands";
import { served } from "./service-call";
import { symbolArgument } from "./usage";

/** One printed line of `index-data card`: the property's label on the card (nested ones after their entity's) and its text. */
export interface CardRow {
  readonly label: string;
  readonly value: string;
}

/**
 * `index-data card SYM`: INDEX.CARD's entity, built by the same builder from the same property table, so the
 * properties, their order and their names are the card's. `--json` prints the entity itself; otherwise label/value
 * rows, values as the card shows them (prices to 4 decimals with the unit, dates as yyyy-mm-dd).
 */
export async function runCard(context: CommandContext): Promise<EntityCellValue | CardRow[]> {
  const symbol = symbolArgument(context.args.positionals, "card");
  const { env } = context;
  let stale = false;
  const [fix, entry] = await Promise.all([
    served(env, { symbol, what: "latest fix" }, async () => {
      const answer = await env.source.latest(symbol);
      stale = answer.stale;
      return answer;
    }),
    catalogueEntry(env, symbol),
  ]);
  const entity = buildCardEntity({ fix, stale, ...(entry !== undefined ? { entry } : {}) });
  return context.args.json ? entity : cardRows(entity);
}

function cardRows(entity: EntityCellValue): CardRow[] {
  let parent = "";
  return cardLines(entity).map((line) => {
    if (line.depth === 0) parent = line.label;
    return { label: line.depth === 0 ? line.label : `${parent}: ${line.label}`, value: line.text };
  });
}
