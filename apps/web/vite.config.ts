import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { codeSplitting } from './vite/chunks.ts';
import { doorFilesPlugin } from './vite/door-files.ts';
import { mantineStyles } from './vite/mantine-styles.ts';
import { ModuleNeeds } from './vite/module-needs.ts';
import { preloadHints } from './vite/preload-hints.ts';
import { pureContract } from './vite/pure-contract.ts';

const needs = new ModuleNeeds();
const apiTarget = process.env.FOYER_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [mantineStyles(), needs.plugin(), pureContract(), react(), preloadHints(), doorFilesPlugin()],
  define: {
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/uploads': apiTarget,
      '/page': apiTarget,
      '/messagesForEvent': apiTarget,
      '/dev': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: { output: { codeSplitting: codeSplitting(needs) } },
  },
});
