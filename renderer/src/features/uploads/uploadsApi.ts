import { apiRoutes } from '@shared/api/routes';
import type { UploadResponse } from '@shared/api/uploads.types';
import type { UploadPurpose } from '@shared/schemas/upload.schema';
import { injectEndpoints } from '../../core/baseApi';

/** File uploads (spec 000 §7): multipart, one file and what it is for. */
export const uploadsApi = injectEndpoints({
  endpoints: (build) => ({
    uploadFile: build.mutation<UploadResponse, { file: File; purpose: UploadPurpose }>({
      query: ({ file, purpose }) => {
        const body = new FormData();
        body.append('purpose', purpose);
        body.append('file', file, file.name);
        return { url: apiRoutes.uploads.create.relative(), method: 'POST', body };
      },
    }),
  }),
});

export const { useUploadFileMutation } = uploadsApi;
