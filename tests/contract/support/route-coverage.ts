import type { EmulatorRoute } from '../../../server/src/sandbox/emulator-route';
import { vendorOracle, type RecordedExchange, type Vendor } from './vendor-oracle';

/** `GET /v1/convai/agents/{}`: a route and an operation compare equal whatever their parameters are called. */
function signature(method: string, template: string): string {
  return `${method.toUpperCase()} ${template.replace(/\{[^}]+\}|:[A-Za-z]\w*/g, '{}')}`;
}

const operationSignature = (operation: string) => {
  const [method = '', template = ''] = operation.split(' ');
  return signature(method, template);
};

/** The emulator's routes that the vendor's document does not describe. */
export function undescribedRoutes(vendor: Vendor, routes: ReadonlyArray<EmulatorRoute<never>>): string[] {
  const described = new Set(vendorOracle(vendor).operations().map(operationSignature));
  return routes.map((route) => signature(route.method, route.path)).filter((route) => !described.has(route));
}

/** The emulator's routes that no recorded answer went through: operations the contract tests never checked. */
export function unexercisedRoutes(
  vendor: Vendor,
  routes: ReadonlyArray<EmulatorRoute<never>>,
  exchanges: RecordedExchange[],
): string[] {
  const oracle = vendorOracle(vendor);
  const exercised = new Set(
    exchanges
      .filter((exchange) => exchange.vendor === vendor)
      .map((exchange) => oracle.operationOf(exchange.method, exchange.path))
      .filter((operation): operation is string => operation !== null)
      .map(operationSignature),
  );
  return routes.map((route) => signature(route.method, route.path)).filter((route) => !exercised.has(route));
}
