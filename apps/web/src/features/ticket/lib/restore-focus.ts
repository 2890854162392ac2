/**
 * After a full-screen view closed and its route left: focus goes back to what opened it, or, when
 * that is gone (the mobile menu closed behind it), to the first of `fallbacks` that is on screen.
 * Waits for the page underneath to render, a frame at a time, for at most about a second.
 */
export function restoreFocus(opener: Element | null, fallbacks: readonly string[]): void {
  const visible = (el: Element | null): el is HTMLElement =>
    el instanceof HTMLElement && el.isConnected && el.getClientRects().length > 0;
  let frames = 60;
  const attempt = () => {
    const target = visible(opener)
      ? opener
      : fallbacks.map((selector) => document.querySelector(selector)).find(visible);
    if (target) target.focus();
    else if (frames-- > 0) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
