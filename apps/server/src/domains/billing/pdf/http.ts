import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { replies } from '../../../infra/lib/api.js';

/** The schema of a route that answers a PDF download. */
export const pdfSchema = <Q extends z.core.$ZodType>(summary: string, description: string, querystring: Q) => ({
  summary,
  description: `${description} A download (\`Content-Disposition: attachment\`) of \`application/pdf\`, fonts embedded.`,
  querystring,
  response: {
    200: { description: 'The PDF.', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
    '4xx': replies(z.null())['4xx'],
    '5xx': replies(z.null())['5xx'],
  },
});

/** Sends a PDF as a download named `name`. */
export const sendPdf = (reply: FastifyReply, pdf: Buffer, name: string) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf);
