/**
 * Wires every module's service from the platform context and registers its routes.
 * Each module adds its line here; services receive narrowed dependencies.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { systemRoutes } from './system/routes.ts';

/** Registers all module routes on `app`. */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(systemRoutes({ database: ctx.database, version: process.env.npm_package_version ?? '0.1.0' }));
}
