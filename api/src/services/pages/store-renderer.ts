import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { documentOf, SSR_ENTRY_FILE, type CartPageData, type SsrEntry, type StorePageData } from '@shop/shared/pages';

// The store and product pages change with the catalogue, so they are rendered here, from the read
// model, once per catalogue version (not at build): their products and prices are in the HTML
// before any script runs, and the SPA hydrates them with the same data.

/** The SSR build's on-request renderer (renderStorePage), giving whole documents. */
export interface StoreRenderer {
  render(pathname: string, data: StorePageData): Promise<string>;
  /** The cart page with one guest's cart (absent from an SSR build that predates it). */
  renderCart?(pathname: string, data: CartPageData): Promise<string>;
}

/**
 * Loads the SSR build beside the SPA; null when there is none or it cannot load (the store pages
 * are then rendered by the SPA in the browser, as before).
 */
export async function loadStoreRenderer(root: string, template: string): Promise<StoreRenderer | null> {
  const file = path.join(root, SSR_ENTRY_FILE);
  if (!existsSync(file)) return null;
  const {
    renderStorePage,
    renderCartPage,
    PRERENDER_STATE_ID: stateId,
  } = (await import(pathToFileURL(file).href)) as Partial<SsrEntry>;
  if (!renderStorePage || !stateId) return null;
  return {
    render: async (pathname, data) => documentOf(template, await renderStorePage(pathname, data), stateId),
    ...(renderCartPage
      ? { renderCart: async (pathname, data) => documentOf(template, await renderCartPage(pathname, data), stateId) }
      : {}),
  };
}

/**
 * Searches rendered by the server per catalogue version: the commonest are typed again and again,
 * while a flood of distinct queries must not grow memory (past it, the SPA renders the search).
 */
export const MAX_SEARCHED_DOCUMENTS = 200;

/** Store documents of the current catalogue version, each rendered once (a miss renders it). */
export class StoreDocuments {
  private readonly documents = new Map<string, Promise<string | undefined>>();
  private version = -1;
  private searched = 0;

  constructor(
    private readonly renderer: StoreRenderer | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * A guest's cart page, rendered for this request only (it is that shopper's own, never kept);
   * undefined when there is no server render or it failed (the build's page is answered).
   */
  async cart(pathname: string, data: CartPageData): Promise<string | undefined> {
    if (!this.renderer?.renderCart) return undefined;
    try {
      return await this.renderer.renderCart(pathname, data);
    } catch (e) {
      this.log.error({ err: e, pathname }, 'cart page server render failed; answering the built page');
      return undefined;
    }
  }

  /**
   * The document, or undefined when there is no server render or it failed (the SPA renders it).
   * `searched`: a page for a shopper's query string, of which there may be any number: at most
   * MAX_SEARCHED_DOCUMENTS are rendered per catalogue version, the rest left to the SPA.
   */
  get(
    version: number,
    key: string,
    pathname: string,
    data: () => StorePageData,
    { searched = false }: { searched?: boolean } = {},
  ): Promise<string | undefined> {
    const renderer = this.renderer;
    if (!renderer) return Promise.resolve(undefined);
    if (this.version !== version) {
      this.documents.clear();
      this.searched = 0;
      this.version = version;
    }
    let document = this.documents.get(key);
    if (!document && searched) {
      if (this.searched >= MAX_SEARCHED_DOCUMENTS) return Promise.resolve(undefined);
      this.searched += 1;
    }
    if (!document) {
      // A render that throws leaves the page to the SPA (the shell), as without a server render.
      document = renderer.render(pathname, data()).catch((e: unknown) => {
        this.log.error({ err: e, pathname }, 'store page server render failed; answering the shell');
        this.documents.delete(key);
        return undefined;
      });
      this.documents.set(key, document);
    }
    return document;
  }
}
