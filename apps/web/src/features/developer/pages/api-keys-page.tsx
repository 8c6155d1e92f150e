/** Replaced by the page itself. */
export function ApiKeysPage() {
  return null;
}
