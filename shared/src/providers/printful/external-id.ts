// Printful's order `external_id` (docs/providers.md#printful-orders): at most 32 characters of
// [0-9A-Za-z_-], unique per store. Order ids are made to fit so one can be the other.
const EXTERNAL_ID = /^[0-9A-Za-z_-]{1,32}$/;

export function isPrintfulExternalId(value: string): boolean {
  return EXTERNAL_ID.test(value);
}
