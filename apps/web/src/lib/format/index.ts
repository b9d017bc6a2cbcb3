export { AVATAR_COLORS, avatarColor } from './avatar-color';
export { initials } from './initials';
export { MAX_FILE_NAME_BYTES, safeFileName } from '@hubbub/contract';
export { ELLIPSIS, truncate } from './truncate';
export { eventPlace } from './event-place';
