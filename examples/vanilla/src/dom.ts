// The only DOM helper the example needs. Children that are strings become text nodes, so text from
// the visitor or the provider (an address, an error message) is never parsed as HTML.

type Child = Node | string | null | undefined | false;
type Props<K extends keyof HTMLElementTagNameMap> = Partial<Omit<HTMLElementTagNameMap[K], 'style'>> & { readonly attrs?: Readonly<Record<string, string>> };

/** `h('button', { type: 'button', onclick }, 'Log out')`: an element with properties, attributes and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props<K> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const { attrs, ...properties } = props;
  const element = Object.assign(document.createElement(tag), properties);
  for (const [name, value] of Object.entries(attrs ?? {})) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

/** Sets an element's text (or hides it when there is none): what every message line on the page uses. */
export function setText(element: HTMLElement, text: string | null): void {
  element.textContent = text ?? '';
  element.hidden = text === null;
}

/**
 * A catalogue string with `{name}` placeholders filled by nodes, e.g. the address in bold inside
 * 'An email was sent to {email}'. Each value sits in a `<bdi>`, so a right-to-left address cannot
 * reorder the sentence around it.
 */
export function withValues(template: string, values: Readonly<Record<string, Node>>): Node[] {
  return template.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = name === undefined ? undefined : values[name];
    return value === undefined ? document.createTextNode(part) : h('bdi', {}, value);
  });
}
