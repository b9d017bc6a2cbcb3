export * from './event-documents';
export * from './get-document';
export * from './revisions';
export * from './save-document';
export * from './search-documents';
export * from './upload-image';
export * from './download-document';
