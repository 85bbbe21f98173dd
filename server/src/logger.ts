import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

type Output = NodeJS.WritableStream & { isTTY?: boolean };

/** Readable lines for a person at a terminal; JSON, one object a line, for anything that collects logs. */
export function logDestination(output: Output): DestinationStream {
  if (!output.isTTY) return output as DestinationStream;
  return pretty({ destination: output, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}

/**
 * Structured logs, to standard output unless told otherwise; credentials and tokens, and the text of calls, are
 * redacted wherever they appear in logged objects.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  destination: DestinationStream = logDestination(process.stdout),
): Logger {
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
          // Call text (transcripts, summaries, cached conversations) never reaches a log line, redacting or not.
          'transcript',
          '*.transcript',
          'summary',
          '*.summary',
          '*.transcriptSummary',
          '*.transcript_summary',
          '*.conversationData',
          '*.conversation_data',
          '*.evidence',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
