import Skeleton from 'antd/es/skeleton';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Draws its children once their place comes on screen, and a skeleton of `height` until
 * then. A page's lower parts (the dashboard's chart and tables) then cost a phone nothing while
 * the page loads: creating, styling and laying out the whole dashboard at once was one task of a
 * quarter of a second on a phone's processor (docs/decisions.md, "Delivery"). Each part draws in
 * a commit of its own, in a transition, so the page stays responsive while it does. Where the
 * browser has no IntersectionObserver (jsdom), at once.
 */
export function WhenVisible({ children, height, label }: { children: ReactNode; height: number; label: string }) {
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = place.current;
    if (visible || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setVisible(true));
      },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [visible]);

  if (visible) return children;
  return (
    <div ref={place} role="status" aria-busy aria-label={label} style={{ minHeight: height }}>
      <Skeleton />
    </div>
  );
}
