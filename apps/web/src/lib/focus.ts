/**
 * Keeping keyboard focus where the user works (WCAG 2.4.3 focus order): when an action or a
 * navigation removes the focused control, focus would fall back to <body> and a keyboard or screen
 * reader user would start again from the top of the page.
 */

/** Focus was dropped: nothing, <body>, or an element no longer in the document has it. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Whether `element` is shown (not display:none, not inside a hidden ancestor). */
function shown(element: HTMLElement): boolean {
  return element.isConnected && element.getClientRects().length > 0;
}

/**
 * Runs `attempt` now and at each change under `root` (as `observe` describes) while the page
 * renders, until it answers true, the returned `stop` is called, or `timeoutMs` pass; `onStop` runs
 * once, when it ends. The loop that handOffFocus and focusPageHeading share.
 */
function whileRendering(
  root: HTMLElement,
  observe: MutationObserverInit,
  timeoutMs: number,
  attempt: () => boolean,
  onStop: () => void = () => undefined,
): () => void {
  let done = false;
  const observer = new MutationObserver(() => {
    if (!done && attempt()) stop();
  });
  const timer = window.setTimeout(() => stop(), timeoutMs);
  function stop() {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
    onStop();
  }
  observer.observe(root, observe);
  if (attempt()) stop();
  return stop;
}

/**
 * After an action replaces the focused control with its opposite (Add to agenda → Remove, Send
 * request → Withdraw), moves focus to the first control matching `selector` inside `root` as soon
 * as it is there and enabled. Gives up when the user has put focus elsewhere (outside `root`),
 * after `timeoutMs`, or when cancelled (the returned function), e.g. when the action failed.
 */
export function handOffFocus(root: HTMLElement | null, selector: string, timeoutMs = 15_000): () => void {
  if (!root) return () => undefined;
  return whileRendering(
    root,
    { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'data-loading'] },
    timeoutMs,
    () => {
      if (!root.isConnected) return true;
      const active = document.activeElement;
      if (!focusLost() && active && !root.contains(active)) return true; // the user moved on
      const target = [...root.querySelectorAll<HTMLElement>(selector)].find(
        (element) => !element.matches(':disabled, [data-loading]') && shown(element),
      );
      if (!target) return false;
      if (target !== active) target.focus();
      return true;
    },
  );
}

/**
 * After a navigation that dropped focus (a login, opening an event from the list), puts it on the
 * new page's main heading inside `main` once that has rendered (the page may still be loading), so
 * the next Tab continues from the page's content. Stops when the user focuses, presses or clicks
 * something themselves, and after `timeoutMs`.
 */
export function focusPageHeading(main: HTMLElement, timeoutMs = 8000): () => void {
  let ours: HTMLElement | null = null;
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== ours) stop();
  };
  const stop = whileRendering(
    main,
    { childList: true, subtree: true },
    timeoutMs,
    () => {
      if (!focusLost()) return false;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading || !shown(heading)) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      ours = heading;
      heading.focus();
      return false; // the page may still replace it: kept until the user acts or the time is up
    },
    () => {
      document.removeEventListener('focusin', onFocusIn, true);
      document.removeEventListener('pointerdown', stop, true);
      document.removeEventListener('keydown', stop, true);
    },
  );
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('pointerdown', stop, true);
  document.addEventListener('keydown', stop, true);
  return stop;
}

/** `captured` (what had focus when a dialog opened) while it is a control still on screen. */
function stillShown(captured: Element | null): captured is HTMLElement {
  return captured instanceof HTMLElement && captured !== document.body && shown(captured);
}

/**
 * The control a dialog should give focus back to when it closes: `captured` (what had focus when it
 * opened) while it is still shown, else the first shown link to `href` outside any dialog (the card
 * or title that opened it, rendered anew meanwhile).
 */
export function openerOf(captured: Element | null, href: string): HTMLElement | null {
  if (stillShown(captured)) return captured;
  const links = document.querySelectorAll<HTMLElement>(`a[href="${CSS.escape(href)}"]`);
  return [...links].find((link) => !link.closest('[role="dialog"]') && shown(link)) ?? null;
}

/** How long restoreFocus keeps trying while the page underneath renders (slow phones, lazy parts). */
const RESTORE_GIVE_UP_MS = 5000;
/** Focus counts as restored once it has stayed on the target for this many frames. */
const RESTORE_SETTLED_FRAMES = 10;

/**
 * After a full-screen view closed and its route left: focus goes back to what opened it, or, when
 * that is gone (the mobile menu closed behind it) or was nothing (<body>, when the view was opened
 * while a menu closed), to the first of `fallbacks` that is on screen.
 *
 * The page underneath may still be rendering: the target can appear late, or be replaced by a new
 * node after it took focus, which leaves focus on <body>. So this tries a frame at a time until
 * focus has stayed on the target for a few frames, for at most a few seconds, and stops at once
 * when the person moved focus somewhere else themselves.
 */
export function restoreFocus(opener: Element | null, fallbacks: readonly string[]): void {
  const deadline = performance.now() + RESTORE_GIVE_UP_MS;
  let focused: HTMLElement | null = null;
  let held = 0;
  const attempt = () => {
    if (focused && document.activeElement === focused) held++;
    else if (focused && !focusLost())
      return; // the person went on elsewhere: leave them there
    else {
      held = 0;
      const target = stillShown(opener)
        ? opener
        : fallbacks
            .map((selector) => document.querySelector(selector))
            .find((element): element is HTMLElement => element instanceof HTMLElement && shown(element));
      if (target) {
        target.focus();
        focused = target;
      }
    }
    if (held < RESTORE_SETTLED_FRAMES && performance.now() < deadline) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
