// A page that sends the customer to a gateway to top up (/deploy when the balance cannot
// cover the deploy) leaves what it needs to pick up again here. The gateway brings the customer back
// to /billing?payment_id=, which sends them on to that page once the payment has settled. The tab's
// session storage keeps it: it is this tab's, and it goes when the tab closes.

const KEY = 'nimbus.top-up-return';
/** A return older than this is stale: the customer left the gateway some other way. */
const MAX_AGE_MS = 60 * 60 * 1000;

/** The pages a top-up can return to. */
export type TopUpReturnPath = '/deploy';

interface Stored {
  paymentId: number;
  path: TopUpReturnPath;
  state: unknown;
  at: number;
}

function read(): Stored | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Stored;
    if (typeof stored.paymentId !== 'number' || Date.now() - stored.at > MAX_AGE_MS) return null;
    return stored;
  } catch {
    return null;
  }
}

/** Called just before the customer is sent to the gateway for `paymentId`. */
export function leaveForTopUp(paymentId: number, path: TopUpReturnPath, state: unknown) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ paymentId, path, state, at: Date.now() } satisfies Stored));
  } catch {
    // Storage full or blocked: the customer comes back to /billing as from any top-up.
  }
}

/** Where the customer goes back to once `paymentId` has settled, if a page sent them. */
export const topUpReturnPath = (paymentId: number): TopUpReturnPath | null => {
  const stored = read();
  return stored?.paymentId === paymentId ? stored.path : null;
};

/** What `path` left before the top-up `paymentId`, if it is the one coming back. */
export function topUpReturnState(path: TopUpReturnPath, paymentId: number | undefined): unknown {
  const stored = read();
  return stored && stored.path === path && stored.paymentId === paymentId ? stored.state : undefined;
}

/** Forgets what was left: it was picked up, or the page was entered afresh. */
export function dropTopUpReturn() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
