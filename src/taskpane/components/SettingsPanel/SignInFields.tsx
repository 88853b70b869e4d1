import { Button, Field, Input, Text } from "@fluentui/react-components";
import { useId } from "react";
import { DEFAULT_BASE_URL, SIGN_IN_EXAMPLES, SIGN_IN_PARTS, type SignInPart } from "../../../settings";
import type { SignInConfig } from "@index-data/wire";
import { useSettingsPanelStyles } from "./SettingsPanel.styles";
import type { SignInFieldsProps } from "./SettingsPanel.types";

/** Each field's label: "Sign-in" first, so a screen reader's list of fields says what they belong to. */
export const SIGN_IN_LABELS: Readonly<Record<SignInPart, string>> = {
  clientId: "Sign-in client id",
  authority: "Sign-in authority",
  scope: "Sign-in scope",
};

/** What empty fields mean for this base URL: the build's sign-in (for the build's URL only), or the desk token. */
function emptyMeans(builtIn: SignInConfig | undefined, baseUrl: string): string {
  if (builtIn === undefined) return "Leave all three empty to send the desk token (the API key) instead.";
  if (baseUrl === DEFAULT_BASE_URL) {
    return `Leave all three empty to use this add-in's built-in sign-in (client id ${builtIn.clientId}, scope ${builtIn.scope}).`;
  }
  return `This add-in's built-in sign-in is for ${DEFAULT_BASE_URL} only: for this URL, enter your gateway's sign-in, or leave all three empty to send the desk token.`;
}

/**
 * The gateway's sign-in (Microsoft Entra ID): client id, authority and scope, as the gateway's administrator gives
 * them. Shown only while the gateway switch is on; saved with Save, used by the next request.
 */
export function SignInFields({ signIn, errors, onChange, onReset, builtIn, baseUrl }: SignInFieldsProps) {
  const styles = useSettingsPanelStyles();
  const titleId = useId();
  const aboutId = useId();
  const empty = SIGN_IN_PARTS.every((part) => signIn[part].trim() === "");
  return (
    <div role="group" aria-labelledby={titleId} aria-describedby={aboutId} className={styles.service}>
      <Text id={titleId} weight="semibold">
        Gateway sign-in
      </Text>
      <Text id={aboutId} className={styles.hint}>
        {`Your gateway's administrator gives you these. ${emptyMeans(builtIn, baseUrl)}`}
      </Text>
      {SIGN_IN_PARTS.map((part) => (
        <Field
          key={part}
          label={SIGN_IN_LABELS[part]}
          hint={`e.g. ${SIGN_IN_EXAMPLES[part]}`}
          {...(errors[part] !== undefined ? { validationState: "error", validationMessage: errors[part] } : {})}
        >
          <Input
            type={part === "authority" ? "url" : "text"}
            value={signIn[part]}
            spellCheck={false}
            onChange={(_event, data) => onChange(part, data.value)}
          />
        </Field>
      ))}
      <div className={styles.buttons}>
        <Button type="button" disabled={empty} onClick={onReset}>
          {builtIn !== undefined ? "Reset to build's sign-in" : "Clear sign-in"}
        </Button>
      </div>
    </div>
  );
}
