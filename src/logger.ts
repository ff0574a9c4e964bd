import pino, { type Logger } from 'pino';

/** JSON logs; credentials are redacted wherever they might appear in a logged object. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'adlink' },
      redact: {
        paths: [
          'req.headers.authorization',
          'headers.authorization',
          'authorization',
          'token',
          'secret',
          '*.token',
          '*.secret',
          '*.access_token',
          '*.refresh_token',
          'access_token',
          'refresh_token',
        ],
        censor: '[redacted]',
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    // Synchronous stdout by default: the server calls process.exit right after its last line
    // ("stopped", "adlink could not start"), which would drop or reorder asynchronous writes.
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
