import type { WidgetConfig } from '../domain/config/widget-config';
import { ALL_PRODUCTS } from '../widget/all-products';
import type { MessageRef } from '../domain/i18n/message-ref';
import type { SafePath } from '../domain/redirects/safe-redirect';
import { openLoginWidget } from '../widget/open-login-widget';
import { widgetView, type MainView, type WidgetView } from '../widget/widget.view';
import type { ProductId, ProductViewBase } from '../widget/widget.types';
import { countdownSeconds, untilCalled, type FailureRow, type FailureView } from './failure-view';
import type { ProviderFault } from './provider-faults';
import type { VirtualTimeHost } from './virtual-time-host';

// For core's own tests: the login widget driven as a visitor drives it (typing, pressing, the
// product screens' controls) and read through its view model only — the surfaces the router's
// reshaping keeps: `widgetView`, Main's e-mail form, and each product's screen view.

/** The login widget for `config`, opened and started on `test`'s host. */
export function drivenLoginWidget(test: VirtualTimeHost, config: WidgetConfig) {
  const flow = openLoginWidget(test, 'login', { config, returnContext: { redirect: '/orders' as SafePath, source: null }, products: ALL_PRODUCTS });
  flow.subscribe(() => undefined);
  const view = (): WidgetView => widgetView(flow.getSnapshot());

  /** Main's e-mail form; fails the test when Main is not on screen. */
  const emailForm = (): NonNullable<MainView['emailForm']> => {
    const current = view();
    if (current.screen !== 'main') throw new Error(`expected Main, found the ${current.screen === 'product' ? `${current.product} product's ${String(current.view.screen)} screen` : 'success screen'}`);
    if (current.main.emailForm === null) throw new Error('Main has no e-mail form in this configuration');
    return current.main.emailForm;
  };

  /** The screen view of the product on screen, with the product's id; fails the test on Main or success. */
  const productScreen = (): { readonly product: ProductId; readonly view: ProductViewBase } => {
    const current = view();
    if (current.screen !== 'product') throw new Error(`expected a product screen, found ${current.screen}`);
    return { product: current.product, view: current.view };
  };

  return {
    flow,
    view,
    emailForm,
    productScreen,
    /** The screen view of `product` (its module's view type `V`); fails the test on any other screen. */
    screenOf<V extends ProductViewBase>(product: ProductId): V {
      const screen = productScreen();
      if (screen.product !== product) throw new Error(`expected the ${product} product, found ${screen.product}`);
      return screen.view as V;
    },
    typeEmail: (value: string) => flow.send({ type: 'emailChanged', value }),
    /** Main's Continue. */
    submitEmail: () => flow.send({ type: 'emailSubmitted' }),
    /** A control on a product's screen. */
    press: (product: ProductId, event: { readonly type: string } & Record<string, unknown>) => flow.send({ type: 'productEvent', product, event }),
    /** Main's e-mail form as a failure row reads it: its message, value, spinner, button and countdown. */
    emailFormFailure,
    /**
     * Main's Continue with `address` while `call` is scripted to fail with `fault`: the failure row
     * of a call that Main's e-mail form makes (the message under the field; Continue tries again).
     */
    async failEmailSubmit(address: string, call: FailingCall, fault: ProviderFault): Promise<FailureRow> {
      flow.send({ type: 'emailChanged', value: address });
      call.failNext(fault);
      flow.send({ type: 'emailSubmitted' });
      await untilCalled(test, () => call.calls.length, 1);
      return { read: emailFormFailure, retry: () => flow.send({ type: 'emailSubmitted' }), calls: () => call.calls.length };
    },
  };

  function emailFormFailure(): FailureView {
    const form = emailForm();
    return {
      // With the field when the address was refused, else for the form: the row reads whichever shows.
      message: form.error ?? form.formError,
      kept: form.value,
      busy: form.busy || isKey(form.submitLabel, 'login.sending'),
      retryEnabled: !form.disabled,
      retryInSeconds: countdownSeconds(form.submitLabel),
    };
  }
}

/** A scripted provider call (`scriptedCall`), as a failure row needs it: its calls, and a fault for the next. */
interface FailingCall {
  readonly calls: readonly unknown[];
  failNext(fault: ProviderFault): void;
}

export type DrivenLoginWidget = ReturnType<typeof drivenLoginWidget>;

const isKey = (message: MessageRef, key: string) => 'key' in message && message.key === key;
