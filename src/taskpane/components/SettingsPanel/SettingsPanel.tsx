import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
} from "@fluentui/react-components";
import { checkBaseUrl } from "../../../client/base-url";
import { connectAllowed } from "../../model/csp";
import { ApiKeyField } from "./ApiKeyField";
import { useSettingsPanelStyles } from "./SettingsPanel.styles";
import { StartupSwitch } from "./StartupSwitch";
import type { SettingsPanelProps } from "./SettingsPanel.types";
import { useSettingsForm } from "./useSettingsForm";

function cspWarning(policy: string | undefined, baseUrl: string, selfOrigin: string): string | undefined {
  const checked = checkBaseUrl(baseUrl);
  if (!checked.ok || connectAllowed(policy, checked.url, selfOrigin)) return undefined;
  return `This add-in's security policy only allows the services it was built for, so the browser will block ${new URL(checked.url).origin}. Rebuild with INDEX_API_BASE_URL=${checked.url} (or add the origin to INDEX_API_ALLOWED_ORIGINS) to use it.`;
}

/** Service URL, API key (masked, reveal on request), key header style, Test connection, Save, Clear key; load with workbooks. */
export function SettingsPanel({ store, testConnection, policy, selfOrigin = "", startup }: SettingsPanelProps) {
  const styles = useSettingsPanelStyles();
  const { state, actions } = useSettingsForm({ store, testConnection });
  const { baseUrl, errors, verdict } = state;
  // Nothing is tested or saved before the stored settings arrive: Save would otherwise drop the saved key.
  const busy = state.busy || !state.loaded;
  const warning = cspWarning(policy, baseUrl, selfOrigin);
  return (
    <form
      className={styles.form}
      aria-label="Settings"
      onSubmit={(event) => {
        event.preventDefault();
        void actions.onSave();
      }}
    >
      <Field
        label="Service base URL"
        required
        hint="The service root, e.g. https://indexes.example.com"
        {...(errors.baseUrl !== undefined
          ? { validationState: "error", validationMessage: errors.baseUrl }
          : warning !== undefined
            ? { validationState: "warning", validationMessage: warning }
            : {})}
      >
        <Input type="url" value={baseUrl} onChange={(_event, data) => actions.setBaseUrl(data.value)} />
      </Field>
      <ApiKeyField
        draft={state.draft}
        onDraftChange={actions.onDraftChange}
        hasSavedKey={state.hasSavedKey}
        revealed={state.revealed}
        onRevealChange={actions.onReveal}
        validationMessage={errors.apiKey}
      />
      <Field label="Key header style">
        <RadioGroup
          value={state.keyHeaderStyle}
          onChange={(_event, data) => actions.setKeyHeaderStyle(data.value === "bearer" ? "bearer" : "x-api-key")}
        >
          <Radio value="x-api-key" label="X-API-Key header" />
          <Radio value="bearer" label="Authorization: Bearer" />
        </RadioGroup>
      </Field>
      <div className={styles.buttons}>
        <Button appearance="primary" type="submit" disabled={busy}>
          Save
        </Button>
        <Button type="button" disabled={busy} onClick={() => void actions.onTest()}>
          Test connection
        </Button>
        <Button type="button" disabled={busy || !state.hasSavedKey} onClick={() => void actions.onClearKey()}>
          Clear key
        </Button>
      </div>
      <div aria-live="polite">
        {verdict !== undefined && (
          <MessageBar intent={verdict.intent} data-kind={verdict.kind}>
            <MessageBarBody>
              <MessageBarTitle>{verdict.title}</MessageBarTitle>
              {verdict.text}
            </MessageBarBody>
          </MessageBar>
        )}
      </div>
      <StartupSwitch startup={startup} />
    </form>
  );
}
