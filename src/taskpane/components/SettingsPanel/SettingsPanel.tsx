import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
} from "@fluentui/react-components";
import { ApiKeyField } from "./ApiKeyField";
import { DataTypeRefreshField } from "./DataTypeRefreshField";
import { SETTINGS_FIELD_LABELS } from "./dropped-settings";
import { DroppedSettingsNotice } from "./DroppedSettingsNotice";
import { GatewayField } from "./GatewayField";
import { ServiceField } from "./ServiceField";
import { SignInFields } from "./SignInFields";
import { SignInStatus } from "./SignInStatus";
import { BUILT_IN_SIGN_IN } from "../../../settings";
import { gatewayMessage } from "./settings-form";
import { useSettingsPanelStyles } from "./SettingsPanel.styles";
import { StartupSwitch } from "./StartupSwitch";
import type { SettingsPanelProps } from "./SettingsPanel.types";
import { useSettingsForm } from "./useSettingsForm";

/**
 * Service URL (with the services this build allows), whether it is the desk's gateway (and then its sign-in), API key
 * (masked, reveal on request), the credential requests carry, key header style, Test connection, Save, Clear key; load
 * with workbooks; how often Excel refreshes Index data types. Above them, once, any stored setting that was left out.
 */
export function SettingsPanel({
  store,
  testConnection,
  policy,
  selfOrigin = "",
  startup,
  dataType,
  builtInSignIn = BUILT_IN_SIGN_IN,
  credential,
}: SettingsPanelProps) {
  const styles = useSettingsPanelStyles();
  const { state, actions } = useSettingsForm({ store, testConnection });
  const { baseUrl, errors, verdict } = state;
  // Nothing is tested or saved before the stored settings arrive: Save would otherwise drop the saved key.
  const busy = state.busy || !state.loaded;
  return (
    <form
      className={styles.form}
      aria-label="Settings"
      onSubmit={(event) => {
        event.preventDefault();
        void actions.onSave();
      }}
    >
      <DroppedSettingsNotice dropped={state.dropped} onDismiss={actions.dismissDropped} />
      <ServiceField
        baseUrl={baseUrl}
        onChange={actions.setBaseUrl}
        error={errors.baseUrl}
        {...{ policy, selfOrigin }}
      />
      <GatewayField gateway={state.gateway} onChange={actions.setGateway} error={gatewayMessage(state)} />
      {state.gateway && (
        <SignInFields
          signIn={state.signIn}
          errors={state.signInErrors}
          onChange={actions.setSignIn}
          onReset={actions.resetSignIn}
          builtIn={builtInSignIn}
          baseUrl={baseUrl}
        />
      )}
      <ApiKeyField
        draft={state.draft}
        onDraftChange={actions.onDraftChange}
        hasSavedKey={state.hasSavedKey}
        revealed={state.revealed}
        onRevealChange={actions.onReveal}
        validationMessage={errors.apiKey}
      />
      {credential !== undefined && <SignInStatus watch={credential} />}
      <Field label={SETTINGS_FIELD_LABELS.keyHeaderStyle}>
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
      <DataTypeRefreshField dataType={dataType} />
    </form>
  );
}
