export interface JobsApi {
  list(): Promise<string[]>;
  cancel(job: string): Promise<void>;
}

export const jobsApi: JobsApi = {
  list: async () => ['nightly-backup', 'hourly-sync'],
  cancel: async () => {},
};
