import { z } from 'zod';

/**
 * Parses a list, dropping entries that fail the item schema (currencies with an empty name
 * and coins missing symbol, name, mint or icon are dropped) instead of rejecting the whole list.
 */
export function keepValid<S extends z.ZodType>(itemSchema: S, raw: unknown): z.infer<S>[] {
  const list = z.array(z.unknown()).parse(raw);
  return list.flatMap((item) => {
    const parsed = itemSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
