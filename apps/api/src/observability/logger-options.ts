import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

// JSON lines in production, for a log collector; readable coloured lines in development.

export function loggerOptions(config: Config, level = config.logLevel): FastifyServerOptions['logger'] {
  if (config.production) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,method,route,path,status,ms' },
    },
  };
}
