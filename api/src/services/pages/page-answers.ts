import type { FastifyRequest } from 'fastify';
import {
  currencyMetaTag,
  withCurrencyPicker,
  NOT_FOUND_MODULE,
  PAGE_META,
  renderPageHead,
  staticPageHead,
  withConsentBanner,
  type PageHead,
  type PageRoute,
  type StorePageData,
  type CartPageData,
  type CurrencyPickerState,
} from '@shop/shared/pages';
import { pictureAttributes } from '@shop/shared/pictures';
import { RenderedResponses, type RenderedResponse } from '../catalog/rendered-responses.js';
import { withHead, type PageDocuments } from './page-documents.js';
import { hasConsentCookie, textAnswer } from './send-page.js';
import type { StoreDocuments } from './store-renderer.js';

// Every page of the SPA answered with its own head (docs/rules.md#search-engines-and-link-previews): the pre-rendered
// document when the build made one, otherwise the shell, with the title, description, canonical,
// Open Graph, Twitter and JSON-LD tags of that page written in, and the cookie banner for a visitor
// who has not answered it, and the footer's currency picker (and the head's note of it) in the
// shopper's currency (docs/rules.md#local-prices). Each variant is rendered and compressed once per
// catalogue version.

const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's largest picture, and how wide its place shows it (PICTURE_SIZES). */
export interface PageImage {
  url: string;
  sizes: string;
}

/**
 * A picture of the store's pipeline is preloaded with the same srcset and sizes as its <img>
 * (docs/performance.md#product-pictures), so the browser fetches the one width the <img> will use.
 */
function imagePreload(image: string | PageImage): string {
  const { url, sizes } = typeof image === 'string' ? { url: image, sizes: '' } : image;
  const picture = sizes ? pictureAttributes(url, sizes, { width: 0, height: 0 }) : null;
  const set = picture?.srcSet
    ? ` imagesrcset="${escapeAttribute(picture.srcSet)}" imagesizes="${escapeAttribute(sizes)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeAttribute(picture?.src ?? url)}"${set} fetchpriority="high" />`;
}

/** What a page is made of; only `key`, `route` and `head` are needed for a built page. */
export interface PageParts {
  /** The cache key: one per address whose HTML differs. */
  key: string;
  route: PageRoute;
  head: () => PageHead;
  /** The path whose pre-rendered document is used (default: the route's path). */
  pathname?: string;
  /** The page's largest paint, fetched with the HTML rather than after the script asks. */
  image?: () => string | PageImage | undefined;
  /** A document rendered on request (the store pages), instead of the build's. */
  document?: string;
}

export class PageAnswers {
  private readonly rendered = new RenderedResponses();
  /** The not-found page per currency and banner (a handful: one per currency the store sells in). */
  private readonly notFoundAnswers = new Map<string, RenderedResponse>();

  constructor(
    readonly documents: PageDocuments,
    private readonly publicUrl: string,
    private readonly catalogVersion: () => number,
    private readonly storeDocuments: StoreDocuments,
    /** The shopper's currency for a page request, as its picker shows it. */
    private readonly pickerState: (request: FastifyRequest) => CurrencyPickerState,
  ) {}

  /** The page for this request, with the cookie banner when the visitor has not answered it. */
  page(request: FastifyRequest, parts: PageParts): RenderedResponse {
    const banner = this.bannerFor(request);
    const currency = this.pickerState(request);
    const key = `${banner === null ? parts.key : `${parts.key}\nconsent-banner`}\n${currency.currency}`;
    return this.rendered.get(this.catalogVersion(), key, () => {
      const document = parts.document ?? this.documents.forPath(parts.pathname ?? parts.route.path);
      const head = this.headHtml(parts.head(), parts.route.module, currency, parts.image?.());
      const pathname = parts.pathname ?? request.url.split('?')[0] ?? parts.route.path;
      return textAnswer(this.forVisitor(withHead(withCurrencyPicker(document, currency), head), banner, pathname));
    });
  }

  /**
   * A page rendered for one shopper (their cart): never kept or shared, with the cookie banner
   * when the visitor has not answered it.
   */
  privatePage(request: FastifyRequest, parts: PageParts & { document: string }): RenderedResponse {
    const pathname = parts.pathname ?? request.url.split('?')[0] ?? parts.route.path;
    const currency = this.pickerState(request);
    const head = this.headHtml(parts.head(), parts.route.module, currency, parts.image?.());
    return textAnswer(
      this.forVisitor(withHead(withCurrencyPicker(parts.document, currency), head), this.bannerFor(request), pathname),
    );
  }

  /** A guest's cart page rendered on request, or undefined when the build's page must do. */
  cartDocument(pathname: string, data: CartPageData): Promise<string | undefined> {
    return this.storeDocuments.cart(pathname, data);
  }

  /** The shell with the route's head: the SPA renders the page itself (its data is not at hand). */
  shell(request: FastifyRequest, route: PageRoute, pathname: string): RenderedResponse {
    const currency = this.pickerState(request);
    return textAnswer(
      withHead(
        withCurrencyPicker(this.documents.forPath(pathname), currency),
        this.headHtml(this.routeHead(route, pathname), route.module, currency),
      ),
    );
  }

  notFound(request: FastifyRequest): RenderedResponse {
    const banner = this.bannerFor(request);
    const currency = this.pickerState(request);
    const key = `${currency.currency}\n${banner === null ? 'answered' : 'first-visit'}`;
    let answer = this.notFoundAnswers.get(key);
    if (!answer) {
      const head = staticPageHead(PAGE_META.notFound, '/', this.publicUrl, { noindex: true });
      const notFound = withHead(
        withCurrencyPicker(this.documents.notFound(), currency),
        this.headHtml(head, NOT_FOUND_MODULE, currency),
      );
      answer = textAnswer(this.forVisitor(notFound, banner));
      this.notFoundAnswers.set(key, answer);
    }
    return answer;
  }

  /** The head of a route whose page has no data of its own. */
  routeHead(route: PageRoute, pathname: string): PageHead {
    return staticPageHead(route.meta, route.meta.canonical ?? pathname, this.publicUrl, {
      home: route.path === '/',
      noindex: route.meta.noindex === true,
    });
  }

  /** A store page rendered on request, or undefined when the SPA must render it. */
  storeDocument(
    key: string,
    pathname: string,
    data: () => StorePageData,
    options?: { searched?: boolean },
  ): Promise<string | undefined> {
    return this.storeDocuments.get(this.catalogVersion(), key, pathname, data, options);
  }

  // The largest image is named before the route's scripts so it is requested ahead of them.
  private headHtml(head: PageHead, module: string, currency: CurrencyPickerState, image?: string | PageImage): string {
    return [
      renderPageHead(head),
      currencyMetaTag(currency),
      image ? imagePreload(image) : '',
      this.documents.preloads(module),
    ]
      .filter(Boolean)
      .join('\n    ');
  }

  private bannerFor(request: FastifyRequest): string | null {
    const banner = this.documents.consentBanner;
    return banner !== null && !hasConsentCookie(request) ? banner : null;
  }

  private forVisitor(document: string, banner: string | null, pathname?: string): string {
    return banner === null ? document : withConsentBanner(document, banner, pathname);
  }
}
