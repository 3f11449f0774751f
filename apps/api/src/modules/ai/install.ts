import type { FastifyInstance } from 'fastify';
import type { TextEnhancer } from './enhancer.ts';
import { createEnhancer } from './service.ts';

// The text enhancer is a capability of the app instance, made once from the configuration (which
// never changes at run time) and read by the enhance route as `request.server.textEnhancer`.

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured model endpoint or the built-in rule-based editor (decision 040). */
    textEnhancer: TextEnhancer;
  }
}

export function installTextEnhancer(app: FastifyInstance): void {
  app.decorate('textEnhancer', createEnhancer(app.ctx.config.ai));
}
