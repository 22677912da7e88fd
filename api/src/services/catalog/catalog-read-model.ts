import type { FastifyBaseLogger } from 'fastify';
import { AppError, MESSAGES, SEARCH_DEFAULT_STATUS } from '@shop/shared';
import {
  buildSearchIndex,
  compareLatest,
  searchCatalog,
  type CatalogSearchQuery,
  type CatalogSearchResult,
  type SearchIndex,
} from '@shop/shared/domain/catalog';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { COLLECTIONS } from '@shop/shared/server/collections';
import type { DocumentStore } from '@shop/shared/server/store';
import { toCatalogEntry, type CatalogEntry } from './catalog-entry.js';
import { decodeListCursor, encodeListCursor } from './list-cursor.js';
import { readCollection } from '../store/read-collection.js';

// The API's in-memory read model of the catalogue (docs/performance.md#performance-design). Loaded once at start
// from `storeInventory` (the storefront) and `products` (status and category for search), then
// kept current by `inventory.changed` events: only the named ids are re-read, an empty list
// reloads everything. List, search and lookups never touch the store, so they cost the same for
// ten products or ten thousand, and search covers the whole catalogue rather than the spec's
// first 100 documents.
//
// Store failures: before the first successful load, reads answer 503 unavailable (the API never
// invents products; the SPA shows its cached or built-in ones). After it, a failed refresh keeps
// serving the last good catalogue and retries the same ids after a delay.

const REFRESH_CHUNK = 200;
/** Wait before retrying a failed refresh. */
const RETRY_DELAY_MS = 5_000;

export interface CatalogReadModelOptions {
  store: DocumentStore;
  logger: FastifyBaseLogger;
}

export interface ProductPage {
  products: StorefrontProduct[];
  nextCursor: string | null;
}

type Pending = Set<string> | 'all';

export class CatalogReadModel {
  private readonly store: DocumentStore;
  private readonly log: FastifyBaseLogger;
  private entries = new Map<string, CatalogEntry>();
  /** Active storefront products, newest updatedAt first (the inventory order). */
  private list: CatalogEntry[] = [];
  private index: SearchIndex<CatalogEntry> = buildSearchIndex<CatalogEntry>([]);
  private loaded = false;
  private pending: Pending | null = null;
  private draining: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  private closed = false;
  private wakeRetry: (() => void) | null = null;
  private changes = 0;

  constructor(options: CatalogReadModelOptions) {
    this.store = options.store;
    this.log = options.logger;
  }

  /** Bumped on every change of what the model answers; caches of rendered answers key on it. */
  get version(): number {
    return this.changes;
  }

  /** Starts the first load; resolves when it has succeeded or failed (a failure is retried). */
  start(): Promise<void> {
    this.invalidate([]);
    return this.idle();
  }

  /** Throws 503 unavailable until the catalogue has been loaded once. */
  async ready(): Promise<void> {
    if (this.loaded) return;
    // The first load failed earlier: each request that needs the catalogue tries again.
    if (!this.draining) this.invalidate([]);
    await this.idle();
    if (!this.loaded) throw new AppError('unavailable', MESSAGES.storeUnavailable);
  }

  /** Resolves when no refresh is running or waiting (tests, start-up). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** An `inventory.changed` event: re-read these ids, or everything when the list is empty. */
  invalidate(ids: readonly string[]): void {
    if (this.closed) return;
    if (ids.length === 0 || this.pending === 'all') this.pending = 'all';
    else this.pending = new Set([...(this.pending ?? []), ...ids]);
    // A refresh waiting out its retry delay takes the new work at once.
    this.wakeRetry?.();
    this.kick();
  }

  /** Called after every change; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.pending = null;
    this.listeners.clear();
    this.wakeRetry?.();
  }

  /** Any product the model holds (storefront or only searchable), by id. */
  get(id: string): StorefrontProduct | null {
    return this.entries.get(id)?.product ?? null;
  }

  /** The product while the store sells it (docs/rules.md#only-what-can-ship-is-sold): on the storefront and active. */
  getSellable(id: string): StorefrontProduct | null {
    const entry = this.entries.get(id);
    if (!entry?.inInventory || entry.status !== SEARCH_DEFAULT_STATUS) return null;
    return entry.product;
  }

  /** Whether the product is on sale: in the active storefront list (page heads, sitemap). */
  isListed(id: string): boolean {
    return this.getSellable(id) !== null;
  }

  /** The whole active storefront, newest first (the live stream's snapshot). */
  activeProducts(): StorefrontProduct[] {
    return this.list.map((e) => e.product);
  }

  /** One page of the storefront list, newest updatedAt first, after the cursor's position. */
  listPage(options: { limit: number; cursor?: string }): ProductPage {
    const start = options.cursor ? this.indexAfter(decodeListCursor(options.cursor)) : 0;
    const page = this.list.slice(start, start + options.limit);
    const more = start + page.length < this.list.length;
    return {
      products: page.map((e) => e.product),
      nextCursor: more && page.length > 0 ? encodeListCursor(page[page.length - 1]) : null,
    };
  }

  search(query: CatalogSearchQuery): CatalogSearchResult<StorefrontProduct> {
    const { popular, ...result } = searchCatalog(this.index, query);
    return {
      ...result,
      products: result.products.map((e) => e.product),
      // Offered instead of nothing: from the storefront, whatever the search's status or category.
      ...(popular ? { popular: this.list.slice(0, popular.length).map((e) => e.product) } : {}),
    };
  }

  /** First list index strictly after a position (binary search over the newest-first order). */
  private indexAfter(position: { updatedAt: string; id: string }): number {
    const probe = { ...position, title: '', price: 0 };
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareLatest(this.list[mid], probe) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private kick(): void {
    if (this.draining || this.closed || !this.pending) return;
    this.draining = this.drain().finally(() => {
      this.draining = null;
      // Work that arrived as the loop was finishing; before the first load, ready() restarts it.
      if (this.loaded) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.pending && !this.closed) {
      const work = this.pending;
      this.pending = null;
      try {
        if (work === 'all') await this.loadAll();
        else await this.refresh([...work]);
      } catch (e) {
        this.log.warn({ err: e, ids: work === 'all' ? 'all' : work.size }, 'catalogue read failed; retrying');
        this.pending = mergePending(work, this.pending);
        // Before the first load, a request waiting in ready() must get its 503 now, not after the delay.
        if (!this.loaded || this.closed) return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, RETRY_DELAY_MS);
          timer.unref();
          this.wakeRetry = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeRetry = null;
      }
    }
  }

  private async loadAll(): Promise<void> {
    // Raw, not parsed through the registry: toCatalogEntry fills the defaults of docs/rules.md#entities.
    const [inventory, searchDocs] = await Promise.all([
      readCollection(this.store, COLLECTIONS.storeInventory),
      readCollection(this.store, COLLECTIONS.products),
    ]);
    const now = new Date();
    const entries = new Map<string, CatalogEntry>();
    for (const id of new Set([...inventory.keys(), ...searchDocs.keys()])) {
      entries.set(id, toCatalogEntry(id, inventory.get(id) ?? null, searchDocs.get(id) ?? null, now));
    }
    this.entries = entries;
    this.loaded = true;
    this.rebuild();
    this.log.info({ products: this.list.length, searchable: entries.size }, 'catalogue loaded');
  }

  private async refresh(ids: string[]): Promise<void> {
    if (!this.loaded) return this.loadAll();
    const now = new Date();
    const next = new Map(this.entries);
    for (let i = 0; i < ids.length; i += REFRESH_CHUNK) {
      const chunk = ids.slice(i, i + REFRESH_CHUNK);
      const [inventory, searchDocs] = await Promise.all([
        this.store.getMany(COLLECTIONS.storeInventory, chunk),
        this.store.getMany(COLLECTIONS.products, chunk),
      ]);
      const inventoryById = new Map(inventory.map((d) => [d.id, d.data]));
      const searchById = new Map(searchDocs.map((d) => [d.id, d.data]));
      for (const id of chunk) {
        const inv = inventoryById.get(id) ?? null;
        const doc = searchById.get(id) ?? null;
        if (inv || doc) next.set(id, toCatalogEntry(id, inv, doc, now));
        else next.delete(id);
      }
    }
    // Swapped in whole, so a failure halfway leaves the last good catalogue untouched.
    this.entries = next;
    this.rebuild();
  }

  private rebuild(): void {
    const all = [...this.entries.values()];
    this.list = all.filter((e) => e.inInventory && e.status === SEARCH_DEFAULT_STATUS).sort(compareLatest);
    this.index = buildSearchIndex(all);
    this.changes += 1;
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (e) {
        this.log.error({ err: e }, 'catalogue change listener failed');
      }
    }
  }
}

function mergePending(failed: Pending, arrived: Pending | null): Pending {
  if (failed === 'all' || arrived === 'all') return 'all';
  return new Set([...failed, ...(arrived ?? [])]);
}
