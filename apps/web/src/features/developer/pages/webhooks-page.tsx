/** Replaced by the page itself. */
export function WebhooksPage() {
  return null;
}
