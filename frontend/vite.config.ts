import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  resolve: {
    alias: {
      // Point at the domain sources, not its dist, so dev hot reload sees domain edits and the build bundles them.
      '@colouring/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)),
      '~': fileURLToPath(new URL('./app', import.meta.url)),
    },
  },
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
        v3_routeConfig: true,
      },
    }),
  ],
});
