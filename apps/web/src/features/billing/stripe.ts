/**
 * In production (docs/product/billing.md#pages), entering /billing loads the card payment SDK, only
 * when the operator configured Stripe. The import keeps Stripe.js out of every other page's code.
 */
export function preloadStripe(publishableKey: string | null): void {
  if (!import.meta.env.PROD || !publishableKey) return;
  void import('@stripe/stripe-js')
    .then(({ loadStripe }) => loadStripe(publishableKey))
    .catch(() => {
      /* Checkout runs on Stripe's own page; a blocked script only loses the early warm-up. */
    });
}
