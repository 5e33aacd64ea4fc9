import pino, { type Logger } from 'pino';

/**
 * Strips secrets that may ride in a URL: the third-party login return carries ssid, code and state,
 * a sandbox payment link t.
 */
export const redactUrl = (url: string) => url.replace(/([?&](?:ssid|token|code|state|t)=)[^&]*/gi, '$1[redacted]');

/** Structured JSON logs; session ids, cookies and passwords never reach them. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.ssid', 'req.headers.cookie', 'req.headers.authorization', '*.Password', '*.NewPassword'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
      err: pino.stdSerializers.err,
    },
  });
}
