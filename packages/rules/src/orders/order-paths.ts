/** Where checkout and the order confirmation live on a site that takes orders (planned by page-plan.ts). */
export const ORDERING_PATHS = { checkout: "/checkout/", order: "/order/" } as const;
