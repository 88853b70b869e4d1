/** One choice a Select offers: the value it stands for, and the words shown for it. */
export interface Choice {
  readonly value: string | number;
  readonly label: string;
}

export interface ChoiceOptionsProps {
  readonly choices: readonly Choice[];
}
