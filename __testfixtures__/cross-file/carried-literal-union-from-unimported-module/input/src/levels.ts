export type Severity = 'low' | 'high';

export function severityOf(size: number): Severity {
  return size > 100 ? 'high' : 'low';
}
