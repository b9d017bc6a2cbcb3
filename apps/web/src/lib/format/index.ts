export { AVATAR_COLORS, avatarColor } from './avatar-color';
export { initials } from './initials';
export { MAX_FILE_NAME_BYTES, safeFileName } from './safe-file-name';
export { ELLIPSIS, truncate } from './truncate';
