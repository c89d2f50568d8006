// Image uploads and file storage as other modules see them.
export { reencodeImage, takeImageUpload, type ProcessedImage } from './images';
export { readUploadedImage } from './multipart';
export type { Storage } from './storage';
export type { UploadsService } from './uploads.service';
