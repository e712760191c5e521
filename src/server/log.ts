import 'server-only';
import pino from 'pino';
import { env } from './env';

/** The process logger: JSON lines; secrets are redacted wherever they appear in a logged object. */
export const logger = pino({
  level: process.env.NODE_ENV === 'test' ? 'silent' : env().LOG_LEVEL,
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
});
