import type { Config } from '../../server/config/index.js';
import { printfulConnection } from './connection.js';
import type { PacerTurn } from './pacer.js';
import { PrintfulTransport, type PrintfulClientOptions } from './transport.js';
import {
  printfulCatalogProductSchema,
  printfulOrderInputSchema,
  printfulOrderUpdateSchema,
  printfulOrderSchema,
  printfulProductDetailSchema,
  printfulShippingRatesInputSchema,
  printfulShippingRatesSchema,
  printfulSizeGuideSchema,
  printfulWebhookConfigSchema,
  printfulWebhookReadSchema,
  productListSchema,
  type Paging,
  type PrintfulWebhookConfig,
  type PrintfulCatalogProduct,
  type PrintfulOrder,
  type PrintfulOrderInput,
  type PrintfulOrderUpdate,
  type PrintfulProductDetail,
  type PrintfulShippingRate,
  type PrintfulShippingRatesInput,
  type PrintfulSizeGuide,
  type PrintfulSyncProduct,
} from './wire.js';

// The project's Printful v1 client (docs/providers.md#printful-api): one method per call the store
// makes. It runs unchanged against api.printful.com and the local sandbox (PRINTFUL_API_URL); how
// a request is sent, checked and retried is transport.ts's.

export { DEFAULT_RETRY_POLICY, type PrintfulClientOptions, type RetryPolicy } from './transport.js';
export { printfulConnection, printfulRequestTarget, type PrintfulConnection } from './connection.js';

/** Printful's largest page (docs/providers.md#printful-sync-products). */
export const PRINTFUL_PAGE_LIMIT = 100;

export class PrintfulClient {
  private readonly transport: PrintfulTransport;

  constructor(options: PrintfulClientOptions) {
    this.transport = new PrintfulTransport(options);
  }

  async listProducts({ offset = 0, limit = 20 }: { offset?: number; limit?: number } = {}): Promise<{
    products: PrintfulSyncProduct[];
    paging: Paging;
  }> {
    const { result, paging } = await this.transport.send({
      method: 'GET',
      path: `/store/products?offset=${offset}&limit=${Math.min(limit, PRINTFUL_PAGE_LIMIT)}`,
      schema: productListSchema,
      idempotent: true,
    });
    return { products: result, paging: paging ?? { total: offset + result.length, offset, limit } };
  }

  /**
   * Every sync product, a page of 100 at a time. `total` is what Printful reported on the last
   * page: when it differs from the number of distinct products, the catalogue changed while it
   * was being read.
   */
  async listAllProducts(): Promise<{ products: PrintfulSyncProduct[]; total: number }> {
    const byId = new Map<number, PrintfulSyncProduct>();
    let offset = 0;
    let total = 0;
    for (;;) {
      const page = await this.listProducts({ offset, limit: PRINTFUL_PAGE_LIMIT });
      for (const p of page.products) byId.set(p.id, p);
      total = page.paging.total;
      offset += page.products.length;
      if (page.products.length === 0 || offset >= total) break;
    }
    return { products: [...byId.values()], total };
  }

  /** `id` is the sync product id or `@<external_id>`. */
  async getProduct(id: number | string): Promise<PrintfulProductDetail> {
    const key = String(id);
    const { result } = await this.transport.send({
      method: 'GET',
      path: `/store/products/${encodeURIComponent(key).replace(/^%40/, '@')}`,
      schema: printfulProductDetailSchema,
      idempotent: true,
      productId: key,
    });
    return result;
  }

  /** v1 catalog product (reference A2): every variant of a blank with Printful's price, i.e. the store's cost. */
  async getCatalogProduct(id: number): Promise<PrintfulCatalogProduct> {
    return (
      await this.transport.send({
        method: 'GET',
        path: `/products/${id}`,
        schema: printfulCatalogProductSchema,
        idempotent: true,
      })
    ).result;
  }

  /** v1 catalog size guide of a blank, its tables in inches and centimetres (404 when it has none). */
  async getSizeGuide(catalogProductId: number): Promise<PrintfulSizeGuide> {
    return (
      await this.transport.send({
        method: 'GET',
        path: `/products/${catalogProductId}/sizes?unit=inches,cm`,
        schema: printfulSizeGuideSchema,
        idempotent: true,
      })
    ).result;
  }

  /** Draft unless `confirm`; with an external_id a duplicate is PrintfulExternalIdInUseError. */
  async createOrder(
    order: PrintfulOrderInput,
    { confirm = false, updateExisting = false } = {},
  ): Promise<PrintfulOrder> {
    const body = printfulOrderInputSchema.parse(order);
    const { result } = await this.transport.send({
      method: 'POST',
      path: `/orders?confirm=${confirm}&update_existing=${updateExisting}`,
      schema: printfulOrderSchema,
      body,
      idempotent: body.external_id !== undefined,
    });
    return result;
  }

  async getOrder(id: number): Promise<PrintfulOrder> {
    return (
      await this.transport.send({ method: 'GET', path: `/orders/${id}`, schema: printfulOrderSchema, idempotent: true })
    ).result;
  }

  async getOrderByExternalId(externalId: string): Promise<PrintfulOrder> {
    const path = `/orders/@${encodeURIComponent(externalId)}`;
    return (await this.transport.send({ method: 'GET', path, schema: printfulOrderSchema, idempotent: true })).result;
  }

  /** The shipping methods Printful offers for these catalogue variants and this destination. */
  async getShippingRates(
    input: PrintfulShippingRatesInput,
    { turn }: { turn?: PacerTurn } = {},
  ): Promise<PrintfulShippingRate[]> {
    const body = printfulShippingRatesInputSchema.parse(input);
    // A rate quote changes nothing at Printful, so it is safe to send again.
    const { result } = await this.transport.send({
      method: 'POST',
      path: '/shipping/rates',
      schema: printfulShippingRatesSchema,
      body,
      idempotent: true,
      turn,
    });
    return result;
  }

  /**
   * Changes a draft (v1 `PUT /orders/{id}`, docs/providers.md#printful-orders): its recipient, items or
   * shipping. Printful refuses it once the order is confirmed; the caller reads the order then.
   * The same body sent twice leaves the same draft, so it is safe to repeat.
   */
  async updateOrder(id: number, update: PrintfulOrderUpdate): Promise<PrintfulOrder> {
    const body = printfulOrderUpdateSchema.parse(update);
    return (
      await this.transport.send({
        method: 'PUT',
        path: `/orders/${id}`,
        schema: printfulOrderSchema,
        body,
        idempotent: true,
      })
    ).result;
  }

  /**
   * A failed order, fixed in Printful's dashboard, submitted again: v1 `PUT /orders/{id}?confirm=1`
   * with nothing to change (confirm takes drafts only; PUT takes draft and failed orders).
   */
  async resubmitOrder(id: number): Promise<PrintfulOrder> {
    return (
      await this.transport.send({
        method: 'PUT',
        path: `/orders/${id}?confirm=1`,
        schema: printfulOrderSchema,
        body: {},
        idempotent: true,
      })
    ).result;
  }

  /** Draft -> pending (Printful charges the order from here on). */
  async confirmOrder(id: number): Promise<PrintfulOrder> {
    // A confirm that reached Printful before a 5xx would be answered "not a draft" on a retry,
    // which the caller resolves by reading the order; so it is safe to repeat.
    return (
      await this.transport.send({
        method: 'POST',
        path: `/orders/${id}/confirm`,
        schema: printfulOrderSchema,
        idempotent: true,
      })
    ).result;
  }

  /**
   * Cancels a draft or pending order (v1 `DELETE /orders/{id}`; docs/providers.md#printful-orders); `id` is Printful's id or `@<external_id>`. A repeat meets an order already canceled,
   * which Printful refuses like any other status it cannot cancel: the caller reads the order.
   */
  async cancelOrder(id: number | string): Promise<PrintfulOrder> {
    const key = typeof id === 'number' ? String(id) : `@${encodeURIComponent(id.replace(/^@/, ''))}`;
    return (
      await this.transport.send({
        method: 'DELETE',
        path: `/orders/${key}`,
        schema: printfulOrderSchema,
        idempotent: true,
      })
    ).result;
  }

  /**
   * v1 `POST /webhooks`: the store's one webhook URL and the event types sent to it. Each call
   * replaces the whole configuration, so sending the same one again changes nothing.
   */
  async setWebhooks(input: PrintfulWebhookConfig): Promise<PrintfulWebhookConfig> {
    const body = printfulWebhookConfigSchema.parse(input);
    return (
      await this.transport.send({
        method: 'POST',
        path: '/webhooks',
        schema: printfulWebhookConfigSchema,
        body,
        idempotent: true,
      })
    ).result;
  }

  /** v1 `GET /webhooks`: the configuration Printful sends events by (no URL when none is set). */
  async getWebhooks(): Promise<{ url: string | null; types: string[] }> {
    return (
      await this.transport.send({
        method: 'GET',
        path: '/webhooks',
        schema: printfulWebhookReadSchema,
        idempotent: true,
      })
    ).result;
  }
}

/** The client as configured by the environment (docs/configuration.md#how-configuration-is-read). */
export function createPrintfulClient(
  config: Config,
  extra: Pick<PrintfulClientOptions, 'pacer' | 'retry' | 'timeoutMs'> = {},
): PrintfulClient {
  return new PrintfulClient({ ...printfulConnection(config), ...extra });
}
