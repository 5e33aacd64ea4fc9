import {
  type DeployBody,
  DeployResult,
  IDEMPOTENCY_HEADER,
  type PriceBody,
  PriceResult,
  QUERY,
  Region,
  Template,
  TaskResult,
} from '@nimbus/contract';
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

export const deployKeys = {
  all: ['deploy'] as const,
  products: () => [...deployKeys.all, 'products'] as const,
  templates: (productId: number) => [...deployKeys.all, 'templates', productId] as const,
};

const Regions = z.array(Region);
const Templates = z.array(Template);

/** GET api/deploy/products: regions with their groups and products (cached 10 s, docs/product/deploy.md#catalogue). */
export const productsQueryOptions = () =>
  queryOptions({
    queryKey: deployKeys.products(),
    queryFn: ({ signal }) => api.get('deploy/products', Regions, undefined, signal),
    staleTime: QUERY.catalogueStaleMs,
  });

/**
 * GET api/product/templates: the images a product can be deployed with (cached 30 s,
 * docs/product/deploy.md#catalogue).
 */
export const templatesQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: deployKeys.templates(productId),
    queryFn: ({ signal }) => api.get('product/templates', Templates, { productId }, signal),
    staleTime: QUERY.templatesStaleMs,
  });

// The page checks what it sends field by field (the enabling rules,
// docs/product/deploy.md#deploy-now-enabled-when-missingfordeploy) and the server validates again;
// the request schemas are not parsed here, so their zod features stay out of the bundle that every
// page shares (zod's modules load with the entry).

/** POST api/deploy/price: the discounted price of a product and cycle with a promotion code. */
export const quotePrice = (body: PriceBody) => api.post('deploy/price', body, PriceResult);

/** POST api/deploy with an idempotency key, so a retried request neither charges nor creates twice. */
export const deploy = (body: DeployBody, idempotencyKey: string) =>
  api.post('deploy', body, DeployResult, { [IDEMPOTENCY_HEADER]: idempotencyKey });

/** GET api/instance/task/get: the deploy task's Status and Step (docs/product/deploy.md#the-deploy-task). */
export const getTask = (id: number, taskId: number, signal?: AbortSignal) =>
  api.get('instance/task/get', TaskResult, { id, taskId }, signal);
