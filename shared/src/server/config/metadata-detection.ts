// Google's auth library (under firebase-admin and Firestore's client) looks for the Google Cloud
// metadata server (169.254.169.254, metadata.google.internal) whenever it is handed no key file,
// on any machine: with the Firestore emulator, or on a host outside Google Cloud, that is a
// connection to an address that is not the store's. `bios-only` lets the library decide from the
// machine itself, without a packet sent (Cloud Run's and Cloud Functions' variables, a Compute
// Engine or GKE machine's BIOS vendor): on Google Cloud the metadata server still supplies
// credentials, elsewhere it is never asked. An operator's own METADATA_SERVER_DETECTION is kept
// (`assume-present`, `none`, `ping-only`: docs/going-live.md#containers).

export const METADATA_SERVER_DETECTION_DEFAULT = 'bios-only';

/** Sets the library's switch in the process environment, where it reads it, unless set. */
export function keepOffTheMetadataServerOffGoogleCloud(env: NodeJS.ProcessEnv): void {
  if (!env.METADATA_SERVER_DETECTION) env.METADATA_SERVER_DETECTION = METADATA_SERVER_DETECTION_DEFAULT;
}
