// `record` imported by name: the key schema it now needs is reported, not guessed.
import { record, number } from 'zod';

export const Totals = record(number());
