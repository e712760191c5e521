import 'server-only';
import pino from 'pino';
import { env } from './env';
import { traceIdsForLog } from './observability/tracing';

/** The process logger: JSON lines; secrets are redacted wherever they appear in a logged object. */
/** The logger's options but its level: what every line carries and hides (tests write lines with them too). */
export const loggerOptions = {
  redact: {
    paths: [
      'password',
      'confirmed',
      'token',
      'cookie',
      '*.password',
      '*.token',
      '*.cookie',
      'headers.cookie',
      'headers.authorization',
    ],
    censor: '[masqué]',
  },
  // A line logged inside a traced request carries its trace and span ids (nothing when tracing is off).
  mixin: traceIdsForLog,
} satisfies pino.LoggerOptions;

export const logger = pino({
  ...loggerOptions,
  level: process.env.NODE_ENV === 'test' ? 'silent' : env().LOG_LEVEL,
});
