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

/** What tells one element apart from its siblings in the HTML we render: its id, else its name or accessible name. */
function selectorOf(el: Element): string | null {
  if (el.id) return `#${CSS.escape(el.id)}`;
  const name = el.getAttribute('name');
  // Radio buttons share their name: the value tells them apart.
  const value = name !== null ? el.getAttribute('value') : null;
  if (name) return `${el.localName}[name="${CSS.escape(name)}"]${value !== null ? `[value="${CSS.escape(value)}"]` : ''}`;
  const label = el.getAttribute('aria-label');
  return label ? `${el.localName}[aria-label="${CSS.escape(label)}"]` : null;
}

/**
 * The element now in the page in `el`'s place (inside `within` when given): `el` itself, or, when React drew that
 * part of the page again instead of hydrating it (it does so on a hydration error), the new element with the same
 * id, name or accessible name. Null when there is none (the person would not have pressed it either).
 */
function live<T extends Element>(el: T, within: ParentNode = document): T | null {
  if (el.isConnected) return el;
  const selector = selectorOf(el);
  const found = selector ? within.querySelector(selector) : null;
  return found instanceof (el.constructor as typeof Element) ? (found as T) : null;
}

/** The submit button of `form` that stands for the held `button`: itself, its new self (see live), or one with its text. */
function liveSubmitter(form: HTMLFormElement, button: HTMLElement | null): HTMLElement | undefined {
  if (!button) return undefined;
  const same = live(button, form);
  const buttons = Array.from(form.elements).filter(
    (b): b is HTMLButtonElement | HTMLInputElement => (b instanceof HTMLButtonElement || b instanceof HTMLInputElement) && (b.type === 'submit' || b.type === 'image'),
  );
  return buttons.find((b) => b === same) ?? buttons.find((b) => b.textContent === button.textContent);
}

/**
 * Hands one control's early value to React as if it had just been typed. Hydration leaves the typed text in the DOM
 * but React's state does not know it (the next render would put the old value back), and React only reports a
 * change when the value differs from the one it last saw: so the control first gets another value through React's
 * own setter, then the typed one through the browser's, then the event React listens to.
 */
function deliver(stale: Control, value: string | boolean): void {
  const el = live(stale);
  if (!el) return;
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
  const [held, submitter] = early.s ?? [];
  if (!held) return;
  // The values above are React state updates: the submit handler must see them, so it runs in the next task. The form
  // is looked up then, not before: the page it is in has committed, whether hydrated or drawn anew.
  setTimeout(() => {
    const form = live(held);
    form?.requestSubmit(liveSubmitter(form, submitter ?? null));
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
