import type { ReactNode } from 'react';

/** The frame every page shares: the widget centred on the page. */
export function PageShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <main className={wide ? 'app-page app-page--wide' : 'app-page'}>{children}</main>;
}
