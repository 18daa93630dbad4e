// What the class-tools fixture did, in order (shared by its modules).
export const effects: string[] = [];
