interface ImportMetaEnv {
  /** A1.18: the live-support widget's script; unset = no widget. */
  readonly VITE_SUPPORT_WIDGET_URL?: string;
  /** A2.79: the one event and the one host where the chat entry is hidden. */
  readonly VITE_CHAT_HIDDEN_EVENT_ID?: string;
  readonly VITE_CHAT_HIDDEN_HOST?: string;
}
