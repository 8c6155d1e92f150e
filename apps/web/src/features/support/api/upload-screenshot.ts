import { useMutation } from '@tanstack/react-query';
import { uploadImage } from '../../../shared/api/upload-image.ts';

export const useUploadScreenshot = () => useMutation({ mutationFn: (file: File) => uploadImage(file, 'support') });
