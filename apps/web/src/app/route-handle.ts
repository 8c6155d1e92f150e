/** Per-route flags read by the root layout. */
export interface RouteHandle {
  /** i18n key of the document title. */
  title?: string;
  hideHeader?: boolean;
  /** The homepage body spans the full width. */
  fullWidth?: boolean;
  /** The view stays mounted when only the query changes (the gallery keeps its filters there). */
  keepOnQuery?: boolean;
}
