// A field checked on blur must not move the control the user is pressing. A mouse press on a button takes
// the focus from the field at mousedown; if the check then adds or removes a message above that button
// (a form's submit, the next field's show-password toggle), the button moves before mouseup, mousedown and
// mouseup land on different elements and the browser fires no click: the button only gets the focus and
// the form is not sent. So a blur that happens while a pointer is down is handed on once that press has
// ended, after its click (a submit checks every field anyway). Keyboard and programmatic blurs go at once.
import type { FocusEvent, FocusEventHandler } from 'react';

let pressing = false;
let pending: Array<() => void> = [];
let installed = false;

function flush() {
  const run = pending;
  pending = [];
  for (const handOn of run) handOn();
}

function release() {
  pressing = false;
  // pointerup, mouseup and click (and the submit it causes) are dispatched in one task: run after it
  if (pending.length) setTimeout(flush, 0);
}

function install() {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('pointerdown', () => (pressing = true), true);
  document.addEventListener('pointerup', release, true);
  // a drag, a touch turned into a scroll, or the window losing focus mid-press
  document.addEventListener('pointercancel', release, true);
  window.addEventListener('blur', release);
}

/** `onBlur`, held back while a pointer is pressed until the press (and its click) is over. */
export function blurAfterPress<E extends Element>(onBlur: FocusEventHandler<E> | undefined): FocusEventHandler<E> | undefined {
  if (!onBlur) return undefined;
  install();
  return (event: FocusEvent<E>) => {
    if (!pressing) return onBlur(event);
    pending.push(() => onBlur(event));
  };
}
