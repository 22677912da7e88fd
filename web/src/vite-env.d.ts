/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Analytics measurement id (e.g. G-XXXXXXX); analytics stays off without it. */
  readonly VITE_ANALYTICS_ID?: string;
}
