/** Side effects the tests observe: each must happen exactly once per logical call. */
export const effects: string[] = [];
