/** The H5 pages' addresses (packages/core/src/routes.ts). */
export const H5_LIST = '/analysisH5/index';
export const callPath = (recordingId: number) => `/analysisH5/call?recordId=${recordingId}`;
export const editPath = (recordingId: number) => `/analysisH5/edit?recordId=${recordingId}`;
