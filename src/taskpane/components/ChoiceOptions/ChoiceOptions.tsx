import type { ChoiceOptionsProps } from "./ChoiceOptions.types";

/** A Select's options, one per choice in order; a number's option carries its text, as a select's value is text. */
export function ChoiceOptions({ choices }: ChoiceOptionsProps) {
  return (
    <>
      {choices.map(({ value, label }) => (
        <option key={value} value={String(value)}>
          {label}
        </option>
      ))}
    </>
  );
}
