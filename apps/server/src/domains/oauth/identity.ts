/** Who the provider says signed in. `email` is only given when the provider has verified it. */
export interface ProviderIdentity {
  subject: string;
  email?: string;
}

/** A provider's answer that says it is down (a 5xx), where the client library does not raise one itself. */
export class ProviderDown extends Error {}
