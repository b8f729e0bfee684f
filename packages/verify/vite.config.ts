/**
 * Standalone build of the verifier (`npm run build -w @cunzheng/verify`): one dependency-free ES module,
 * dist/cunzheng-verify.mjs, that runs with plain `node` (no TypeScript, no node_modules) — the file a
 * court or notary can keep beside an evidence package. Node built-ins stay external; the contract's
 * ledger verifier is bundled in. (The web app bundles the same sources itself for /verify.)
 */
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    ssr: 'src/cli.ts',
    outDir: 'dist',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'cunzheng-verify.mjs' } },
  },
  ssr: { noExternal: true, target: 'node' },
});
