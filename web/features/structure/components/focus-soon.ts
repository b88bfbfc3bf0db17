/** Moves focus to the element with this id once React has drawn the new state. */
export function focusSoon(...ids: string[]) {
  // The list may still be reordered after the first frame (its refreshed data renders then), and
  // moving a node drops its focus: for half a second, focus lost to the page goes back.
  let frames = 30;
  const tick = () => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (frames === 30 || lost)
      for (const id of ids) {
        const el = document.getElementById(id);
        if (el && !(el as HTMLButtonElement).disabled) {
          el.focus();
          break;
        }
      }
    if (--frames > 0) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
