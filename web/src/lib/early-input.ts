import { useEffect, type ReactNode } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * What the prerendered pages' loader (scripts/prerender-web.ts) noted before the app was ready: the controls a person
 * changed (`t`) with their last value (`v`: the text, or `checked` for a checkbox or radio), and the last submit it
 * held back (`s`: the form and the button that sent it).
 */
interface EarlyInput {
  t: Control[];
  v: Array<string | boolean>;
  s: [HTMLFormElement, HTMLElement | null] | null;
}

declare global {
  interface Window {
    __early?: EarlyInput;
  }
}

const isToggle = (el: Control): el is HTMLInputElement => el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');

/**
 * Hands one control's early value to React as if it had just been typed. Hydration leaves the typed text in the DOM
 * but React's state does not know it (the next render would put the old value back), and React only reports a
 * change when the value differs from the one it last saw: so the control first gets another value through React's
 * own setter, then the typed one through the browser's, then the event React listens to.
 */
function deliver(el: Control, value: string | boolean): void {
  if (!el.isConnected) return;
  if (isToggle(el)) {
    // A radio left unchecked was unchecked by its chosen sibling, which is delivered itself.
    if (el.type === 'radio' && !value) return;
    el.checked = !value;
    el.click();
    return;
  }
  if (el instanceof HTMLSelectElement) {
    el.value = String(value);
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const text = String(value);
  el.value = text === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Gives the app what a person did before it was ready: each changed control's value, then (once React has applied
 * those values) the held-back submit, so the form's own handler validates and sends it. Runs once per page load.
 */
function replayEarlyInput(): void {
  const early = window.__early;
  if (!early) return;
  window.__early = undefined;
  early.t.forEach((el, i) => deliver(el, early.v[i] ?? ''));
  const [form, submitter] = early.s ?? [];
  if (!form) return;
  // The values above are React state updates: the submit handler must see them, so it runs in the next task.
  setTimeout(() => {
    if (form.isConnected) form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined);
  }, 0);
}

/**
 * Marks <html data-app-ready> once the page inside it has committed (hydrated or rendered; it sits inside the page's
 * Suspense boundary, so a page whose code is still loading does not count), then replays early input. From then on the
 * page's controls answer; the loader stops holding submits back, and the end-to-end tests that need it wait for it.
 */
export function PageReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (document.documentElement.hasAttribute('data-app-ready')) return;
    document.documentElement.setAttribute('data-app-ready', '');
    replayEarlyInput();
  }, []);
  return children;
}
