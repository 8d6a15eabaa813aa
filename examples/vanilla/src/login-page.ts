import { openLoginWidget, widgetView, type AuthCore, type NamespaceId, type ProductId } from '@vestibule/core';
import { WIDGET_CONFIG, WIDGET_PRODUCTS } from './core';
import { createScreen, screenKey, type Screen } from './widget-screens';

/** The strings each product's screens show, loaded before the widget enters the product. */
const PRODUCT_NAMESPACES: Partial<Record<ProductId, readonly NamespaceId[]>> = {
  magicLink: ['magic-link'],
  passwords: ['passwords', 'magic-link'],
};

/**
 * `/login`: the core's login widget. The page subscribes to the widget flow, maps each state to
 * the core's view model (`widgetView`) and renders it; the visitor's input goes back as events.
 */
export async function showLoginPage(root: HTMLElement, core: AuthCore, search: string): Promise<void> {
  const t = core.i18n;
  await t.load(['main']);
  const widget = openLoginWidget(core, 'login', {
    config: WIDGET_CONFIG,
    products: WIDGET_PRODUCTS,
    returnContext: core.readReturnContext(search),
    // The widget enters a product once its strings are here (a failed load fails the action with the network's message).
    loadViews: async (product) => {
      if (!(await t.load(PRODUCT_NAMESPACES[product] ?? []))) throw new Error(`The ${product} strings did not load`);
    },
  });

  let current: { readonly key: string; readonly screen: Screen } | null = null;
  const render = () => {
    const view = widgetView(widget.getSnapshot());
    const key = screenKey(view);
    if (current?.key !== key) {
      const opened = current !== null;
      current = { key, screen: createScreen(view, t, widget.send) };
      root.replaceChildren(current.screen.element);
      // A screen the visitor moved to is announced from its heading (not on page load).
      if (opened) current.screen.element.querySelector('h1')?.focus();
    }
    current.screen.update(view);
  };
  // The first subscriber starts the flow; it calls back after each change, never synchronously.
  widget.subscribe(render);
  render();
}
