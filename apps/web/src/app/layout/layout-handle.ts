/** Route handle: how the app's layout frames the page. */
export interface LayoutHandle {
  /** The page fills the screen itself, so the layout adds neither a minimum height nor a footer. */
  fullScreen?: boolean;
}
