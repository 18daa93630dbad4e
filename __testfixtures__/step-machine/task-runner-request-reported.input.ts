type Send = (request: { method: string; params: Record<string, unknown> }, options?: { relatedTask?: { taskId: string } }) => Promise<unknown>;

/** Works through a long job in the background; asks for a clarification through the task's queue. */
export async function runJob(taskId: string, topic: string, send: Send): Promise<void> {
  await send(
    {
      method: 'elicitation/create',
      params: { message: `What do you mean by ${topic}?`, requestedSchema: { type: 'object', properties: {} } },
    },
    { relatedTask: { taskId } },
  );
}
