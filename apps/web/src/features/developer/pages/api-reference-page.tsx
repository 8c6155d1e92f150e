/** Replaced by the page itself. */
export function ApiReferencePage() {
  return null;
}
