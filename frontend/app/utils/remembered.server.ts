/**
 * A value this web process keeps for `ttlMs` after loading it, shared by every request in that time and by requests
 * that arrive while it loads (one call in flight). A failed load is not kept: the next request tries again.
 * For public data that may be a few seconds old, such as the catalogue's counts on the home page.
 */
export function remembered<T>(ttlMs: number): (load: () => Promise<T>) => Promise<T> {
  let kept: { until: number; value: Promise<T> } | undefined;
  return (load) => {
    if (kept && Date.now() < kept.until) return kept.value;
    const value = load();
    const entry = { until: Date.now() + ttlMs, value };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
}
