/** "20MB" for 20 MiB: how SPEC's texts write a file size limit. */
export const megabytes = (bytes: number) => `${bytes / (1024 * 1024)}MB`;
