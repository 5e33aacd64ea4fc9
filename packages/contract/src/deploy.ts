import * as z from 'zod/mini';
/**
 * `data` of POST api/deploy/price (docs/product/deploy.md#promotion-codes): the price
 * after the promotion code, an integer in minor units of the catalogue's currency. The original
 * price is the product's in the catalogue (GET api/deploy/products); the discount is the difference.
 */
export const PriceResult = z.number().check(z.int(), z.minimum(0)).register(z.globalRegistry, { id: 'Price' });
export type PriceResult = z.infer<typeof PriceResult>;

/** `data` of POST api/deploy (docs/product/deploy.md#checkout-post-apideploy). */
export const DeployResult = z.object({ InstanceId: z.number().check(z.int()), TaskId: z.number().check(z.int()) });
export type DeployResult = z.infer<typeof DeployResult>;

/**
 * A task (docs/product/instances.md#tasks): Status 0 Pending, 1 Running, 2 OK, 3 Finished, 4
 * Stopped, 5 Error; Step 0–5.
 */
export const TASK_STATUS = { pending: 0, running: 1, ok: 2, finished: 3, stopped: 4, error: 5 } as const;
/**
 * The deploy steps (docs/product/deploy.md#the-deploy-task): 0 queueing, 1 cloning, 2 configuring,
 * 3 firewall, 4 starting, 5 error.
 */
export const DEPLOY_STEP = { queueing: 0, cloning: 1, configuring: 2, firewall: 3, starting: 4, error: 5 } as const;

const step = () => z.number().check(z.int(), z.minimum(0), z.maximum(5));
export const TaskResult = z.object({ Status: step(), Step: step() }).register(z.globalRegistry, { id: 'Task' });
export type TaskResult = z.infer<typeof TaskResult>;
