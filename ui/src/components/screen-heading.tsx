import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A screen's heading. When `focusOnMount` is set it takes focus, so keyboard and screen-reader
 * users land on the new screen instead of a button that no longer exists.
 */
export function ScreenHeading({ children, focusOnMount = false }: { children: ReactNode; focusOnMount?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h1 ref={ref} className="vb-heading" tabIndex={-1}>
      {children}
    </h1>
  );
}
