import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec 2: every navigation starts at the top, including Back and Forward. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
