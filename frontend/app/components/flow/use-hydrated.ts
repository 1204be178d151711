import { useEffect, useState } from 'react';

// After the first hydration every later mount is already in the browser, so it starts true.
let hydrating = true;

/** False in the server's HTML and the first browser render, true once JavaScript runs: enhancements wait for it. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    hydrating = false;
    setHydrated(true);
  }, []);
  return hydrated;
}
