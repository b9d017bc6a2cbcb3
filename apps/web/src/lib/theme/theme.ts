import { Anchor, Badge, Notification, createTheme } from '@mantine/core';
import notificationClasses from './notification.module.css';

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  // Filled buttons and badges pick black or white text, whichever reaches 4.5:1 on their colour
  // (at a relative luminance of 0.179 both give about 4.6:1).
  autoContrast: true,
  luminanceThreshold: 0.179,
  // Mantine's transitions (menus, modals, toasts) are instant for people who ask for less motion.
  respectReducedMotion: true,
  // Keyboard focus always shows a ring (`:focus-visible`); a mouse click does not.
  focusRing: 'auto',
  components: {
    // A link inside a sentence must not rely on colour alone (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Badges read as words ("Live", "Connected", "1 watching"), as the public pages write them, not in capitals.
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
    // Toasts' text under a title at AA contrast in both schemes (notification.module.css).
    Notification: Notification.extend({ classNames: { description: notificationClasses.description } }),
  },
});
