let markShown: () => void = () => undefined;

/**
 * Resolves once the first page is on screen: the moment to fetch code that page can do without
 * (menus, toasts), so it never competes with what the page needs before it is usable.
 */
export const firstPageShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** Called by the app when the router has rendered its first page; resolves after the next paint. */
export function firstPageRendered(): void {
  requestAnimationFrame(() => setTimeout(markShown, 0));
}
