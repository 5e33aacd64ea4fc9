import * as z from 'zod/mini';
import { queryId, SERIAL_ID_MAX } from './query.js';

export const TemplatesQuery = z.object({ productId: queryId(SERIAL_ID_MAX) });
