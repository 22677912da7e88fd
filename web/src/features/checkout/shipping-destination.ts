import { useSyncExternalStore } from 'react';
import { SHIPPING_DESTINATION_STORAGE_KEY } from '@shop/shared';
import { shippingDestinationSchema, type ShippingDestination } from '@shop/shared/schemas';

// Where the shopper said the order ships, remembered for the visit (sessionStorage: a shared
// computer does not keep it) and shared by the cart and checkout pages.

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; value: ShippingDestination | null } = { raw: null, value: null };

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

let memory: string | null = null;

function readRaw(): string | null {
  try {
    return session()?.getItem(SHIPPING_DESTINATION_STORAGE_KEY) ?? memory;
  } catch {
    return memory;
  }
}

export function readShippingDestination(): ShippingDestination | null {
  const raw = readRaw();
  if (raw === cached.raw) return cached.value;
  let value: ShippingDestination | null = null;
  try {
    const parsed = shippingDestinationSchema.safeParse(raw ? JSON.parse(raw) : null);
    value = parsed.success ? parsed.data : null;
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

export function saveShippingDestination(destination: ShippingDestination): void {
  const raw = JSON.stringify(destination);
  memory = raw;
  try {
    session()?.setItem(SHIPPING_DESTINATION_STORAGE_KEY, raw);
  } catch {
    // Blocked storage: kept in memory for this page's life.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useShippingDestination(): ShippingDestination | null {
  return useSyncExternalStore(subscribe, readShippingDestination, () => null);
}
