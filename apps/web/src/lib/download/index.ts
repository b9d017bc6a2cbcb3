export { fileNameOf, saveFile } from './save-file';
