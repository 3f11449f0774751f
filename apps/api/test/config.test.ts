import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from '../src/config.ts';

describe('configuration from the environment', () => {
  it("gives README's defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: path.resolve('./data'),
      appUrl: 'http://localhost:3000',
      smtpUrl: null,
      mailFrom: 'Canopy <no-reply@localhost>',
      adminEmail: 'admin@localhost',
      seedDemo: true,
      redisUrl: null,
      ffmpegPath: 'ffmpeg',
      production: false,
      logLevel: 'info',
      messageEmailDelayMs: 90_000,
      operations: { trustProxy: false, rateLimitPerMinute: 600, metrics: { enabled: false, port: 9464 } },
    });
  });

  it('warns at start when a production install keeps the placeholder contact address', () => {
    expect(configWarnings(loadConfig({ NODE_ENV: 'production' }))).toEqual([
      'ADMIN_EMAIL is not set: the help, privacy and terms pages and the account status screen give admin@localhost as the contact address',
    ]);
    expect(
      configWarnings(loadConfig({ NODE_ENV: 'production', ADMIN_EMAIL: 'support@canopy.example' })),
    ).toEqual([]);
    // On one machine the placeholder is expected.
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });

  it('treats blank values as unset and trims the others', () => {
    const config = loadConfig({ SMTP_URL: '  ', DATABASE_URL: ' postgres://db/canopy ', PORT: '8080' });
    expect(config.smtpUrl).toBeNull();
    expect(config.databaseUrl).toBe('postgres://db/canopy');
    expect(config.seedDemo).toBe(false);
    expect(config.appUrl).toBe('http://localhost:8080');
  });

  it('refuses a bad start with one message that names every bad variable', () => {
    const bad = () =>
      loadConfig({
        PORT: 'eighty',
        MESSAGE_EMAIL_DELAY_SECONDS: 'soon',
        RATE_LIMIT_PER_MINUTE: '-1',
        METRICS_PORT: '70000',
        TRUST_PROXY: 'nginx',
        LOG_LEVEL: 'loud',
      });
    expect(bad).toThrow(
      [
        'Invalid configuration; fix these environment variables:',
        '  PORT must be a port number, got eighty',
        '  LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got loud',
        '  MESSAGE_EMAIL_DELAY_SECONDS must be a number of seconds, got soon',
        '  TRUST_PROXY must be true, a hop count, or a comma-separated list of proxy addresses/CIDRs, got "nginx"',
        '  RATE_LIMIT_PER_MINUTE must be a whole number, got -1',
        '  METRICS_PORT must be a whole number, got 70000',
      ].join('\n'),
    );
  });
});
