/** What a route may put in its `handle` export for the root layout to read. */
export interface RouteHandle {
  /** Pages that move on by themselves: the root writes a `<meta http-equiv="refresh">` for browsers without JavaScript. */
  refreshWithoutJs?: { seconds: number; url: string };
}
