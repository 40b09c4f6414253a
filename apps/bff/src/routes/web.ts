import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { inlineScriptHashes } from '../http/inline-scripts.js';

/**
 * The built web app with an SPA fallback: any GET that is not the API and not a file gets
 * index.html, so deep links work. Without a build, a page saying how to make one.
 */
export function webRoutes(distDir: string | undefined): Router {
  const router = Router();
  const index = distDir ? path.join(distDir, 'index.html') : undefined;
  if (distDir && index && existsSync(index)) {
    router.use(express.static(distDir, { index: false, maxAge: '1h', immutable: false }));
    router.get(/^\/(?!api\/|api$|healthz$|readyz$).*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  } else {
    router.get('/', (_req, res) => {
      res
        .type('text/plain')
        .send(
          'pdbscope API is running. The web app is not built: run `pnpm start` (or `pnpm --filter @pdbscope/web build`).\nAPI: /api/openapi.json\n',
        );
    });
  }
  return router;
}

/** The CSP sources that allow the built index.html's inline scripts; none without a build. */
export function webScriptSources(distDir: string | undefined): string[] {
  const index = distDir ? path.join(distDir, 'index.html') : undefined;
  return index && existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
}
