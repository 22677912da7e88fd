/** A full page reload: fetches fresh code after a failed chunk or a crash. */
export function reloadPage(): void {
  window.location.reload();
}
