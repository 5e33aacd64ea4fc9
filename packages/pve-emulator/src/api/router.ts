import { allOperations } from '../schema/load.js';
import type { Operation } from '../schema/types.js';

interface Route {
  op: Operation;
  regex: RegExp;
  names: string[];
}

/** A matched operation plus its percent-decoded path parameters. */
export interface RouteMatch {
  op: Operation;
  pathParams: Record<string, string>;
}

/** Maps `METHOD /path` to the vendored schema operation, like pveproxy's find_handler. */
export class Router {
  private readonly routes: Route[];

  constructor(schema: 8 | 9) {
    this.routes = allOperations(schema).map((op) => {
      const names: string[] = [];
      const pattern = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { op, regex: new RegExp(`^${pattern}/?$`), names };
    });
  }

  /** Finds the operation for a request path relative to /api2/json. */
  match(method: string, path: string): RouteMatch | undefined {
    for (const r of this.routes) {
      if (r.op.method !== method) continue;
      const m = r.regex.exec(path);
      if (!m) continue;
      const pathParams: Record<string, string> = {};
      r.names.forEach((name, i) => {
        pathParams[name] = decodeURIComponent(m[i + 1] ?? '');
      });
      return { op: r.op, pathParams };
    }
    return undefined;
  }
}
