import { useEffect, useReducer } from "react";
import type { KeyHeaderStyle } from "../../../client";
import type { Settings, SignInPart } from "../../../settings";
import { describeConnection } from "../../model/connection";
import type { SettingsPanelProps } from "./SettingsPanel.types";
import {
  checkForm,
  INITIAL_SETTINGS_FORM,
  keySource,
  revealNeedsStoredKey,
  settingsFormReducer,
  type SettingsFormEvent,
} from "./settings-form";

/**
 * The settings form's store calls, around the pure model of settings-form.ts. The stored key is read from
 * the store only when it is needed (Test connection, Save with an empty field, Show) and is never kept in
 * state unless revealed.
 */
export function useSettingsForm({ store, testConnection }: Pick<SettingsPanelProps, "store" | "testConnection">) {
  const [state, dispatch] = useReducer(settingsFormReducer, INITIAL_SETTINGS_FORM);

  useEffect(() => {
    store.loadChecked().then(
      (loaded) => dispatch({ type: "loaded", ...loaded }),
      (error: unknown) => dispatch({ type: "loadFailed", error }),
    );
  }, [store]);

  /** Validates the form (field messages on failure), then runs `act` with the normalized settings. */
  const withCandidate = async (act: (candidate: Settings) => Promise<SettingsFormEvent>) => {
    dispatch({ type: "checking" });
    try {
      const stored = await store.load();
      const storedKey = keySource(state) === "stored" ? stored.apiKey : undefined;
      const check = checkForm(state, storedKey);
      dispatch({ type: "checked", check });
      if (check.ok) dispatch(await act(check.settings));
    } catch (error) {
      dispatch({ type: "failed", title: "Failed", error });
    }
  };

  const actions = {
    setBaseUrl: (baseUrl: string) => dispatch({ type: "baseUrlChanged", baseUrl }),
    setKeyHeaderStyle: (keyHeaderStyle: KeyHeaderStyle) => dispatch({ type: "keyHeaderStyleChanged", keyHeaderStyle }),
    setGateway: (gateway: boolean) => dispatch({ type: "gatewayChanged", gateway }),
    setSignIn: (part: SignInPart, value: string) => dispatch({ type: "signInChanged", part, value }),
    resetSignIn: () => dispatch({ type: "signInReset" }),
    onDraftChange: (draft: string) => dispatch({ type: "draftChanged", draft }),
    dismissDropped: () => dispatch({ type: "droppedDismissed" }),
    onReveal: (revealed: boolean) => {
      dispatch({ type: "revealChanged", revealed });
      if (revealNeedsStoredKey(state, revealed)) {
        void store.load().then(
          (settings) => dispatch({ type: "storedKeyLoaded", apiKey: settings.apiKey }),
          (error: unknown) => dispatch({ type: "failed", title: "Could not read the saved key", error }),
        );
      }
    },
    onTest: () =>
      withCandidate(async (candidate) => ({
        type: "done",
        verdict: describeConnection(await testConnection(candidate), candidate.baseUrl),
      })),
    onSave: () => withCandidate(async (candidate) => ({ type: "saved", settings: await store.save(candidate) })),
    onClearKey: async () => {
      dispatch({ type: "clearing" });
      try {
        await store.clearKey();
        dispatch({ type: "keyCleared" });
      } catch (error) {
        dispatch({ type: "failed", title: "Failed", error });
      }
    },
  };
  return { state, actions };
}
