// Metadata keys the API writes on a Stripe session and the worker reads back after payment.

/** On each offered Stripe ShippingRate: Printful's shipping method id (STANDARD, ...). */
export const PRINTFUL_SHIPPING_METADATA = 'printful_shipping';
/** On the session: digest of the destination and rates it was created with. */
export const SHIPPING_KEY_METADATA = 'shippingQuote';
