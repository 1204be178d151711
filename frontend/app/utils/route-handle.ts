/** What a route may put in its `handle` export for the root layout to read. */
export interface RouteHandle {
  /**
   * Pages that move on by themselves: the root writes a `<meta http-equiv="refresh">` for browsers without JavaScript.
   * A function decides from the route's loader data (e.g. only while something is still being made).
   */
  refreshWithoutJs?: RefreshWithoutJs | ((data: unknown) => RefreshWithoutJs | undefined);
}

/** Seconds to wait, and the address to load then. */
export interface RefreshWithoutJs {
  seconds: number;
  url: string;
}
