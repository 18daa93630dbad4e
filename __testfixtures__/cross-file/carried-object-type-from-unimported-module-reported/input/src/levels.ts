export interface Severity {
  level: 'low' | 'high';
  reviewers: number;
}

export function severityOf(size: number): Severity {
  return size > 100 ? { level: 'high', reviewers: 2 } : { level: 'low', reviewers: 1 };
}
