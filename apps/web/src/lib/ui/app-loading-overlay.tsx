import { getDefaultZIndex, LoadingOverlay, type LoadingOverlayProps } from '@mantine/core';
import { useLoadingOverlay } from './loading-overlay-context';

/** Spec 9: an 80 px spinner, shown with no delay. */
export const LOADING_OVERLAY_LOADER_SIZE = 80;

/** The page-wide overlay driven by `useLoadingOverlay()`; mount once inside the provider. */
export function AppLoadingOverlay(props: Omit<LoadingOverlayProps, 'visible'>) {
  const { active } = useLoadingOverlay();
  return (
    <LoadingOverlay
      visible={active}
      pos="fixed"
      // Above modals and popovers so a save from a dialog is covered, below notifications so
      // an error raised meanwhile stays readable.
      zIndex={getDefaultZIndex('popover') + 1}
      transitionProps={{ duration: 0 }}
      loaderProps={{ size: LOADING_OVERLAY_LOADER_SIZE }}
      role="status"
      aria-label="Loading"
      {...props}
    />
  );
}
