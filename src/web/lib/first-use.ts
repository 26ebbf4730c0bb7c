/**
 * What first using a part of a page is: a mouse or pen over it or pressing it, or focus coming
 * into it (a keyboard's Tab, a tap on a field). A touch that only presses is not: most start a
 * scroll of the page.
 */
const FIRST_USE = ['pointerover', 'pointerdown', 'focusin'] as const;
const isFirstUse = (event: Event) => !(event instanceof PointerEvent) || event.pointerType !== 'touch';

/**
 * Calls `used` once, on the first use of `element` (or of anything in it). Returns what stops
 * watching.
 */
export function onFirstUse(element: HTMLElement, used: () => void): () => void {
  const stop = () => {
    for (const type of FIRST_USE) element.removeEventListener(type, listener);
  };
  function listener(event: Event) {
    if (!isFirstUse(event)) return;
    stop();
    used();
  }
  for (const type of FIRST_USE) element.addEventListener(type, listener);
  return stop;
}
