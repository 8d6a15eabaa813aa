/**
 * Text in a rendered tree that did not come from the catalogue, for a page rendered in the
 * pseudo-locale: every catalogue string there is accented (no ASCII letters), so any run of two
 * ASCII letters is text that bypassed it — unless it is one of the `allowed` user values
 * (an e-mail address, a product id).
 */
export function untranslatedText(root: Element, allowed: readonly string[] = []): string[] {
  const found: string[] = [];
  const check = (where: string, text: string | null) => {
    if (!text) return;
    let rest = text;
    for (const value of allowed) rest = rest.split(value).join(' ');
    if (/[A-Za-z]{2,}/.test(rest)) found.push(`${where}: ${text.trim()}`);
  };
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) check('text', node.textContent);
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) check(`${element.tagName.toLowerCase()}[${attribute}]`, element.getAttribute(attribute));
  }
  return found;
}
