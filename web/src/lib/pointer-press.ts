// Whether a mouse button is held down right now. A control takes focus on the press, before the
// release makes it a click: a focus handler that scrolls the page then (to lift the control clear
// of a layer fixed to the bottom) moves it from under the pointer, the release lands elsewhere
// and the click is lost. Handlers that uncover focused controls skip focus that a press brought:
// what was pressed was visible already.

let pressed = false;
let listening = false;

/** Starts watching the mouse (idempotent); call it before the first press that matters. */
export function watchPointerPress(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener(
    'pointerdown',
    (event) => {
      pressed = event.pointerType === 'mouse';
    },
    true,
  );
  const release = () => {
    pressed = false;
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/** True between a mouse press and its release. */
export function mouseIsPressed(): boolean {
  return pressed;
}
