// Pages, the sitemap, robots.txt and the feed are not API requests: the rate limit leaves them alone.
export const NO_RATE_LIMIT = { config: { rateLimit: false as const } };
