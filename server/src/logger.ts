import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

/** Structured logs; credentials and tokens are redacted wherever they appear in logged objects. */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: undefined,
      redact: {
        paths: [
          'req.headers.authorization',
          'headers.authorization',
          '*.password',
          '*.passwordHash',
          '*.accessToken',
          '*.refreshToken',
          '*.token',
          '*.apiKey',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
