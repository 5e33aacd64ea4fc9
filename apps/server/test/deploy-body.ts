// No test runner here: the benches and the console-process kit use it outside Vitest.

/** The body of POST api/deploy: one server of this product and template, paid monthly. */
export function deployBody(productId: number, templateId: number, over: Record<string, unknown> = {}) {
  return {
    ProductId: productId,
    Quantity: 1,
    Cycle: 'Month',
    PromotionCode: '',
    Hostnames: ['web-1'],
    UserData: { TemplateId: templateId, Username: 'ada', Password: 'correct horse battery', SSHKeyIds: [] },
    CustomConfig: [],
    ...over,
  };
}
