import type { ConnectionReport } from "../../../client";
import type { DroppedSetting, Settings, SettingsStore, SignInPart } from "../../../settings";
import type { IndexDomainControl, StartupControl } from "../../../office";
import type { CredentialWatch } from "../../../runtime";
import type { SignInConfig } from "@index-data/wire";

/** The parts of the settings store the panel uses. */
type SettingsPort = Pick<SettingsStore, "load" | "loadChecked" | "save" | "clearKey">;

export interface SettingsPanelProps {
  /** Where settings live (the add-in's own storage); saving makes the context refresh every INDEX cell. */
  readonly store: SettingsPort;
  /** Tries candidate settings without saving them. */
  readonly testConnection: (candidate: Settings) => Promise<ConnectionReport>;
  /** The page's Content-Security-Policy, to warn about a base URL it would block. @default undefined (no check) */
  readonly policy?: string | undefined;
  /** The page's own origin, for `'self'` in the policy. @default "" */
  readonly selfOrigin?: string;
  /** "Load with workbooks that use Index Data": the app context's startup control. */
  readonly startup: StartupPort;
  /** "Refresh Index data types": the app context's Index data type domain. */
  readonly dataType: DataTypeRefreshPort;
  /** The build's gateway sign-in, which empty sign-in fields mean. @default BUILT_IN_SIGN_IN */
  readonly builtInSignIn?: SignInConfig | undefined;
  /** Which credential the runtime's requests carry; no "Credential in use" line without it. @default undefined */
  readonly credential?: CredentialPort | undefined;
}

/** The parts of the runtime's credential watch the pane reads. */
export type CredentialPort = Pick<CredentialWatch, "current" | "subscribe">;

export interface SignInStatusProps {
  readonly watch: CredentialPort;
}

export interface SignInFieldsProps {
  readonly signIn: Readonly<Record<SignInPart, string>>;
  /** One rule message per wrong field. */
  readonly errors: Readonly<Partial<Record<SignInPart, string>>>;
  readonly onChange: (part: SignInPart, value: string) => void;
  /** Empties the fields: the build's sign-in (if any) applies again. */
  readonly onReset: () => void;
  /** The build's sign-in, if any. */
  readonly builtIn: SignInConfig | undefined;
  /** The base URL in the form (the build's sign-in is for the build's URL only). */
  readonly baseUrl: string;
}

/** The parts of the Index domain control the refresh field uses. */
type DataTypeRefreshPort = Pick<IndexDomainControl, "supported" | "refresh" | "setRefresh">;

export interface DataTypeRefreshFieldProps {
  readonly dataType: DataTypeRefreshPort;
}

/** The parts of the startup control the switch uses. */
export type StartupPort = Pick<StartupControl, "isOn" | "setOn">;

export interface StartupSwitchProps {
  readonly startup: StartupPort;
}

export interface ServiceFieldProps {
  readonly baseUrl: string;
  readonly onChange: (baseUrl: string) => void;
  /** The URL rule's message, when the URL is not valid. */
  readonly error?: string | undefined;
  /** The page's Content-Security-Policy, to say before any request that it blocks a URL. @default undefined (no check) */
  readonly policy?: string | undefined;
  /** The page's own origin, for `'self'` in the policy. @default "" */
  readonly selfOrigin?: string;
  /** The services this build allows, the default first. @default the build's (INDEX_API_BASE_URL, INDEX_API_ALLOWED_ORIGINS) */
  readonly choices?: readonly string[];
}

export interface GatewayFieldProps {
  /** The switch is on: the service URL is the desk's gateway. */
  readonly gateway: boolean;
  readonly onChange: (gateway: boolean) => void;
  /** The rule's message, when the value is refused. */
  readonly error?: string | undefined;
}

export interface ApiKeyFieldProps {
  /** What the user typed; empty when nothing new was typed. */
  readonly draft: string;
  readonly onDraftChange: (draft: string) => void;
  /** Whether a key is stored; the stored key itself is shown only on explicit reveal. */
  readonly hasSavedKey: boolean;
  /** Shows the key in clear text; for a stored key, loads it into the field. */
  readonly revealed: boolean;
  readonly onRevealChange: (revealed: boolean) => void;
  readonly validationMessage?: string | undefined;
}

export interface DroppedSettingsNoticeProps {
  /** Stored settings left out on load; nothing is shown when empty. */
  readonly dropped: readonly DroppedSetting[];
  readonly onDismiss: () => void;
}
