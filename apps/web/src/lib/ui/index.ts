export { TEXTAREA_ROWS } from './constants';
export {
  DIALOG_POSITIONS,
  drawerPlacement,
  modalPlacement,
  type DialogPosition,
  type DrawerPlacement,
  type EdgePosition,
  type ModalPlacement,
  type ModalPosition,
} from './dialog-positions';
export { SHAKE_MS, shakeClassName, useShake } from './use-shake';
export { confirm, type ConfirmOptions } from './confirm';
export { FALLBACK_ERROR_MESSAGE, problemMessage } from './problem-message';
export { NOTIFICATION_DEFAULTS, notify, notifyProblem } from './notify';
export {
  LoadingOverlayProvider,
  useLoadingOverlay,
  type LoadingOverlayApi,
} from './loading-overlay-context';
export { AppLoadingOverlay, LOADING_OVERLAY_LOADER_SIZE } from './app-loading-overlay';
