import type { ReactNode } from 'react';
import type { EventSourceFactory } from '../live/recovering-stream';
import { FirestoreConnectionProvider } from './firestore-connection-provider';
import { ProductsProvider } from './products-provider';

/** The connection probe and the live catalogue, in the order the products provider needs them. */
export function LiveCatalogProvider({
  children,
  createEventSource,
}: {
  children: ReactNode;
  createEventSource?: EventSourceFactory;
}) {
  return (
    <FirestoreConnectionProvider>
      <ProductsProvider createEventSource={createEventSource}>{children}</ProductsProvider>
    </FirestoreConnectionProvider>
  );
}
