import type { AuthCore, ReturnContext } from '@vestibule/core';
import { Suspense, type DetailedHTMLProps, type HTMLAttributes } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AuthCoreProvider } from '../provider';
import { PasswordResetScreen } from '../screens/password-reset-screen';

/** SPEC §2 custom element: renders the Reset password screen wherever it is placed. */
export const RESET_PASSWORD_ELEMENT = 'stytch-reset-password-container';

/** The element's own API: the reset token is a property, never an attribute (attributes are visible in the DOM). */
export interface ResetPasswordContainerElement extends HTMLElement {
  passwordResetToken: string | null;
}

/** What JSX may pass to the element. */
type ResetPasswordContainerProps = DetailedHTMLProps<HTMLAttributes<ResetPasswordContainerElement>, ResetPasswordContainerElement> & {
  readonly passwordResetToken?: string | null;
};

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX typing is a namespace
  namespace JSX {
    interface IntrinsicElements {
      'stytch-reset-password-container': ResetPasswordContainerProps;
    }
  }
}

export interface ResetPasswordElementOptions {
  readonly returnContext: ReturnContext;
  readonly sessionDurationMinutes?: number;
}

/**
 * Defines `<stytch-reset-password-container>` on `registry` (once): each element renders the
 * reset screen in its own light DOM (so the page's styles apply) on `core`, and unmounts when
 * removed. A host page that is not React uses it as plain HTML, setting `passwordResetToken`.
 */
export function defineResetPasswordElement(core: AuthCore, options: ResetPasswordElementOptions, registry: CustomElementRegistry = customElements): void {
  if (registry.get(RESET_PASSWORD_ELEMENT)) return;
  let instances = 0;

  class ResetPasswordContainer extends HTMLElement implements ResetPasswordContainerElement {
    #root: Root | null = null;
    #token: string | null = null;
    readonly #id = ++instances;
    /** A new token opens a new flow (flows are keyed and never re-read their input). */
    #version = 0;

    get passwordResetToken(): string | null {
      return this.#token;
    }

    set passwordResetToken(token: string | null) {
      this.#token = token;
      this.#version++;
      this.#render();
    }

    connectedCallback() {
      this.#root ??= createRoot(this);
      this.#render();
    }

    disconnectedCallback() {
      const root = this.#root;
      this.#root = null;
      // Not during React's own commit of the page that removed this element.
      queueMicrotask(() => root?.unmount());
    }

    #render() {
      if (!this.#root) return;
      this.#root.render(
        <AuthCoreProvider core={core}>
          <Suspense fallback={null}>
            <PasswordResetScreen flowKey={`password-reset:${this.#id}:${this.#version}`} token={this.#token} returnContext={options.returnContext} {...(options.sessionDurationMinutes === undefined ? {} : { sessionDurationMinutes: options.sessionDurationMinutes })} />
          </Suspense>
        </AuthCoreProvider>,
      );
    }
  }

  registry.define(RESET_PASSWORD_ELEMENT, ResetPasswordContainer);
}
