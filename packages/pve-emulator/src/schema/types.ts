/** One parameter (or property-string key) as written in Proxmox's apidata.js. */
export interface ParamSchema {
  type?: string;
  optional?: number;
  format?: string | Record<string, ParamSchema>;
  enum?: string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minLength?: number;
  default?: unknown;
  default_key?: number;
  alias?: string;
  keyAlias?: string;
  items?: ParamSchema;
  typetext?: string;
  requires?: string;
}

/** One API operation (method + path) from the vendored subset. */
export interface Operation {
  method: string;
  path: string;
  name: string;
  parameters: { additionalProperties?: number; properties?: Record<string, ParamSchema> };
  returns?: unknown;
  protected?: number;
  allowtoken?: number;
  proxyto?: string | null;
}

/** The vendored schema file's shape. */
export interface SchemaFile {
  _source: Record<string, string>;
  operations: Operation[];
  extras: Operation[];
}

/** Request parameters after transport decoding: strings, or string lists for repeated keys. */
export type RawParams = Record<string, string | string[]>;

/** Per-parameter error messages in Proxmox's `errors` shape. */
export type ParamErrors = Record<string, string>;
