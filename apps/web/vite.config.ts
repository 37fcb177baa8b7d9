import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The API server (apps/server) listens on 8080 and also serves dist/ in production,
// so the dev server only forwards the server's own paths.
const apiTarget = 'http://localhost:8080'
const proxied = [
  '/v1',
  '/healthz',
  '/readyz',
  '/openapi.json',
  '/docs',
  // The billing calls live at the product's own paths, outside /v1.
  '/create-checkout-session',
  '/change-subscription',
  '/cancel-downgrade',
  '/cancel-subscription',
  '/renew-subscription',
  '/apply-discount',
  '/validate-promocode',
  '/create-portal-session',
  '/create-update-payment-methods-session',
  '/create-grant-acceptance-session',
  '/convert-paying-workspace-to-grant',
  // The public reader page of published Studio projects.
  '/listen',
]

export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss()],
  // Workspace packages (packages/contract) are read from their TypeScript sources.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Libraries in one long-cached chunk, named for what it is.
    rollupOptions: {
      output: { manualChunks: (id: string) => (id.includes('node_modules') ? 'vendor' : undefined) },
    },
  },
})
