import { propertyText, shownOnCard, type EntityCellValue } from "../formulas";

/**
 * An entity drawn as Excel's card lays it out: the title, then each section of `layouts.card` with its title
 * and its properties as label/value rows; a nested entity is a card inside the row. Text nodes only: service
 * text never becomes markup. Properties no section lists follow in a last, untitled section, as Excel does.
 */
export function cardElement(entity: EntityCellValue): HTMLElement {
  const card = document.createElement("article");
  card.className = "card";
  card.dataset["text"] = entity.text;
  const title = document.createElement("h3");
  title.className = "card-title";
  title.textContent = entity.layouts?.card?.title ?? entity.text;
  card.append(title);
  const listed = new Set<string>();
  for (const section of entity.layouts?.card?.sections ?? []) {
    section.properties.forEach((name) => listed.add(name));
    card.append(sectionElement(entity, section.title, section.properties));
  }
  const rest = Object.entries(entity.properties)
    .filter(([name, property]) => !listed.has(name) && shownOnCard(property))
    .map(([name]) => name);
  if (rest.length > 0) card.append(sectionElement(entity, undefined, rest));
  if (entity.provider !== undefined)
    card.append(textElement("p", "card-provider", `Data provided by ${entity.provider.description}`));
  return card;
}

function sectionElement(entity: EntityCellValue, title: string | undefined, names: readonly string[]): HTMLElement {
  const section = document.createElement("section");
  section.className = "card-section";
  if (title !== undefined) section.append(textElement("h4", "card-section-title", title));
  const list = document.createElement("dl");
  for (const name of names) {
    const property = entity.properties[name];
    if (property === undefined) continue;
    const row = document.createElement("div");
    row.className = "card-property";
    row.dataset["label"] = name;
    const value = document.createElement("dd");
    if (property.type === "Entity") value.append(cardElement(property));
    else value.textContent = propertyText(property);
    row.append(textElement("dt", undefined, name), value);
    list.append(row);
  }
  section.append(list);
  return section;
}

function textElement<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string | undefined,
  text: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== undefined) node.className = className;
  node.textContent = text;
  return node;
}
