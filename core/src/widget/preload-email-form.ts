import type { AuthCoreHost } from '../create-auth-core';
import { emailFormProducts } from './product-catalogue';
import type { WidgetInput } from './widget.types';

// Read only by a page that is idle (a chunk of its own): Main's first load does not carry it.

/**
 * Fetches ahead, all at once, what the first action of Main's e-mail form needs (issue 16 §14):
 * the modules of the products that may take the form (the one that takes it first: passwords
 * before magic links; the others are where it may hand the visitor over), each with the router's
 * product half, then the code behind the ports their first step calls (`ProductModule.ports`,
 * through `host.prefetchPorts`), and the error messages. Call it once the page is idle: on a slow
 * network those round trips are then paid before the press, side by side, instead of one after
 * another after it. Never rejects: what could not be fetched is fetched again by the submit.
 */
export function preloadEmailForm(host: Pick<AuthCoreHost, 'prefetchPorts' | 'prepareErrorDisplay'>, input: Pick<WidgetInput, 'config' | 'products'>): Promise<void> {
  const loads = emailFormProducts(input.config, input.products).map((block) =>
    block.load().then(
      (module) => host.prefetchPorts?.(module.ports ?? []),
      () => undefined,
    ),
  );
  return Promise.all([host.prepareErrorDisplay().catch(() => undefined), ...loads]).then(() => undefined);
}
