// Support module for the fixtures: a recorder that makes one tracer per tool. The tracer runs the
// operation it is given, stamps the result with a span and counts the call as finished (its body
// is not followed, since it is not in the file under migration).
export class SpanRecorder {
  finished = 0;

  tracerFor(tool: string) {
    return async <T extends object>(operation: () => Promise<T>, meta: { group: string }): Promise<T> => {
      const result = await operation();
      this.finished += 1;
      return { ...result, _span: { tool, group: meta.group } } as T;
    };
  }
}
